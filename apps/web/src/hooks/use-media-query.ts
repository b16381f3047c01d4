import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below this width the sidebar is a drawer and the views stack (Tailwind's `md`). */
export const useWide = () => useMediaQuery('(min-width: 768px)');
