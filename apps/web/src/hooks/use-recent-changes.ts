import { useCallback, useEffect, useState } from 'react';

export type RecentChanges = ReadonlyMap<string, number>;
const HIGHLIGHT_MS = 3000;

/** Paths changed in the last few seconds, with when — the tree briefly highlights them. */
export function useRecentChanges() {
  const [recent, setRecent] = useState<RecentChanges>(() => new Map());

  const mark = useCallback((path: string) => {
    setRecent((current) => new Map(current).set(path, Date.now()));
  }, []);

  useEffect(() => {
    if (recent.size === 0) return;
    const timer = setTimeout(() => {
      const cutoff = Date.now() - HIGHLIGHT_MS;
      setRecent((current) => new Map([...current].filter(([, at]) => at > cutoff)));
    }, 1000);
    return () => clearTimeout(timer);
  }, [recent]);

  return { recent, mark };
}
