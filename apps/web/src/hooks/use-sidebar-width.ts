import { useCallback, useEffect, useState } from 'react';

const KEY = 'knower.sidebar.width.v1';
export const SIDEBAR_MIN = 220;
export const SIDEBAR_MAX = 560;
const DEFAULT = 288;

const clamp = (width: number) => Math.round(Math.min(SIDEBAR_MAX, Math.max(SIDEBAR_MIN, width)));

function load(): number {
  const saved = Number(globalThis.localStorage?.getItem(KEY));
  return Number.isFinite(saved) && saved > 0 ? clamp(saved) : DEFAULT;
}

/** The sidebar's width on wide screens, set by dragging its edge; remembered across visits. */
export function useSidebarWidth() {
  const [width, setWidth] = useState(load);
  useEffect(() => {
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(KEY, String(width));
      } catch {
        // storage disabled: the width resets next time
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [width]);
  const resize = useCallback((next: number) => setWidth(clamp(next)), []);
  return { width, resize };
}
