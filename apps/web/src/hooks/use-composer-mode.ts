import { useCallback, useState } from 'react';
import type { InboxRef } from '../lib/activity';

export type ComposerMode = 'update' | 'search' | 'answer';

/** The chat input's mode. 'answer' exists only while an inbox item is being replied to. */
export function useComposerMode() {
  const [state, setState] = useState<{ mode: ComposerMode; answering: InboxRef | null }>({ mode: 'update', answering: null });

  const setMode = useCallback((mode: ComposerMode) => {
    setState((current) => {
      if (mode === 'answer') return current.answering ? { ...current, mode } : current;
      return { mode, answering: null };
    });
  }, []);

  const startAnswer = useCallback((item: InboxRef) => setState({ mode: 'answer', answering: item }), []);
  const cancelAnswer = useCallback(() => setState({ mode: 'update', answering: null }), []);

  return { ...state, setMode, startAnswer, cancelAnswer };
}
