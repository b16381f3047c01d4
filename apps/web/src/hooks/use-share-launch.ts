import { useEffect, useState } from 'react';
import { getUpdate, type UpdateStatus } from '../lib/api';

/**
 * The app opened from the phone's share sheet: POST /share sent it back to `/?shared=<id>`
 * (the update to follow in Activity) or `/?share_error=<why>` (shown until dismissed). The query
 * is then removed, so a reload does not repeat it.
 */
export function useShareLaunch(onStatus: (status: UpdateStatus) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const shared = params.get('shared');
    const error = params.get('share_error');
    if (!shared && !error) return;
    history.replaceState(null, '', `/${window.location.hash}`);
    if (error) setProblem(error);
    if (shared) {
      void getUpdate(shared).then((result) => {
        if (result.ok) onStatus(result.value);
      });
    }
  }, [onStatus]);
  return { problem, dismiss: () => setProblem(null) };
}
