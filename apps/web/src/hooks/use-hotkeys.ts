import { useEffect, useLayoutEffect, useRef } from 'react';

export type Hotkeys = Record<string, (event: KeyboardEvent) => void>;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Global shortcuts. Keys are 'alt+KeyU'-style (physical key codes, so Option on a Mac works)
 * or plain characters ('/', '?') that only fire when the user is not typing in a field.
 */
export function useHotkeys(keys: Hotkeys) {
  const latest = useRef(keys);
  useLayoutEffect(() => {
    latest.current = keys;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const chord = event.altKey && !event.ctrlKey && !event.metaKey ? `alt+${event.code}` : null;
      const handler = chord ? latest.current[chord] : isTyping(event.target) || event.ctrlKey || event.metaKey ? undefined : latest.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
