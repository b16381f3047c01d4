import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Result } from '../lib/api';
import { LOADING, settle, type Fetched } from '../lib/fetch-state';

export type Loader<T> = (signal: AbortSignal) => Promise<Result<T>>;

/** What the hook holds: the state of the last key an answer came for (`key`), which may be older than the key asked for. */
export type Held<T> = { key: string | null; fetched: Fetched<T> };

/**
 * The one way the app's views fetch what they show. The resource named by `key` is fetched when
 * the key changes, when `refresh` moves (the file or the vault changed) or when `reload` is
 * called (after `debounceMs` of quiet, for what follows typing). The fetch under way is aborted
 * when a newer one starts or the view goes away, so an older answer never lands. While a key
 * reloads, its state stays on screen (no flash of loading); `fetchedFor` reads a new key as
 * loading, and a palette may keep showing the previous key's results meanwhile. `key` null:
 * nothing to fetch.
 */
export function useFetched<T>(key: string | null, load: Loader<T>, { refresh, debounceMs = 0 }: { refresh?: unknown; debounceMs?: number } = {}): Held<T> & { reload: () => void } {
  const [held, setHeld] = useState<Held<T>>({ key: null, fetched: LOADING });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // The loader of the latest render: callers pass a fresh closure each time, which must not refetch.
  const latest = useRef(load);
  useLayoutEffect(() => {
    latest.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const start = (): void => {
      latest
        .current(controller.signal)
        .then((result) => setHeld((prev) => ({ key, fetched: settle(prev.key === key ? prev.fetched : LOADING, result, Date.now()) })))
        .catch(() => undefined); // aborted: a newer key, refresh or reload took over
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (debounceMs > 0) timer = setTimeout(start, debounceMs);
    else start();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, refresh, attempt, debounceMs]);

  return { ...held, reload };
}

/** The state for `key`: what was fetched for it, or loading while a newer key's answer is on its way. */
export function fetchedFor<T>(held: Held<T>, key: string | null): Fetched<T> {
  return key !== null && held.key === key ? held.fetched : LOADING;
}
