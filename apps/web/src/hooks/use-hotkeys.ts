import { useEffect, useLayoutEffect, useRef } from 'react';

export type Hotkeys = Record<string, (event: KeyboardEvent) => void>;

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Global shortcuts. Keys are 'alt+KeyU' or 'mod+KeyK' chords (physical key codes, so Option on
 * a Mac works; mod is Ctrl or Cmd), which fire even in a text field, or plain characters ('/',
 * '?', 'r') that only fire when the user is not typing.
 */
export function useHotkeys(keys: Hotkeys) {
  const latest = useRef(keys);
  useLayoutEffect(() => {
    latest.current = keys;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const mod = event.ctrlKey || event.metaKey;
      const chord = event.altKey && !mod ? `alt+${event.code}` : mod && !event.altKey ? `mod+${event.code}` : null;
      const handler = chord ? latest.current[chord] : isTyping(event.target) ? undefined : latest.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
