import { useCallback, useEffect, useState } from 'react';
import { formatRoute, parseRoute, type Route } from '../lib/route';

/** The current view, kept in the URL hash (back/forward and reload keep the user's place). */
export function useRoute() {
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.hash));

  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);

  const navigate = useCallback((next: Route, { replace = false } = {}) => {
    const hash = formatRoute(next);
    if (window.location.hash === hash) return;
    if (replace) {
      history.replaceState(null, '', hash);
      setRoute(next);
    } else window.location.hash = hash;
  }, []);

  return { route, navigate };
}
