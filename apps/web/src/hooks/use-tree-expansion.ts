import { useCallback, useEffect, useState } from 'react';

const KEY = 'knower.tree.expanded.v1';

function load(): Set<string> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.filter((p): p is string => typeof p === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Which folders are open; remembered across visits. Each change yields a new Set (memo-friendly). */
export function useTreeExpansion() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(load);

  useEffect(() => {
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(KEY, JSON.stringify([...expanded]));
      } catch {
        // storage disabled: folders just start closed next time
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [expanded]);

  const toggle = useCallback((path: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  }, []);

  const expand = useCallback((paths: readonly string[]) => {
    setExpanded((current) => (paths.every((p) => current.has(p)) ? current : new Set([...current, ...paths])));
  }, []);

  const collapse = useCallback((path: string) => {
    setExpanded((current) => {
      if (!current.has(path)) return current;
      const next = new Set(current);
      next.delete(path);
      return next;
    });
  }, []);

  const collapseAll = useCallback(() => setExpanded(new Set()), []);

  return { expanded, toggle, expand, collapse, collapseAll };
}
