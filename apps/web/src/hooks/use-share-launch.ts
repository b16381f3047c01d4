import { useEffect, useState } from 'react';
import { getUpdate, type UpdateStatus } from '../lib/api';

/**
 * The app opened from the phone's share sheet: POST /share sent it back to `/?shared=<id>`
 * (the update to follow in Activity) or `/?share_error=<why>` (shown until dismissed). The query
 * is then removed, so a reload does not repeat it.
 */
export function useShareLaunch(onStatus: (status: UpdateStatus) => void) {
  const [launch] = useState(() => new URLSearchParams(window.location.search));
  const shared = launch.get('shared');
  const [problem, setProblem] = useState(() => launch.get('share_error'));
  useEffect(() => {
    if (launch.has('shared') || launch.has('share_error')) history.replaceState(null, '', `/${window.location.hash}`);
    if (!shared) return;
    void getUpdate(shared).then((result) => {
      if (result.ok) onStatus(result.value);
    });
  }, [launch, shared, onStatus]);
  return { problem, dismiss: () => setProblem(null) };
}
