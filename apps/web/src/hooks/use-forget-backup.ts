import { useCallback, useEffect, useState } from 'react';
import { getForgetStatus, type ForgetStatus } from '../lib/api';

/**
 * The backup a forget keeps until the person confirms it or puts it back (null: none waits).
 * Read at start and after a reconnect; the event stream's `forget_status` keeps it current.
 */
export function useForgetBackup() {
  const [backup, setBackup] = useState<ForgetStatus['backup']>(null);

  const refresh = useCallback(async () => {
    const result = await getForgetStatus();
    if (result.ok) setBackup(result.value.backup);
  }, []);

  useEffect(() => {
    // State is set after the fetch resolves, not during the effect (a known false report of the rule).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
  }, [refresh]);

  const onForgetStatus = useCallback((status: ForgetStatus) => setBackup(status.backup), []);
  return { backup, refresh, onForgetStatus };
}
