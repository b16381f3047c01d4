import { useCallback, useEffect, useState } from 'react';
import { getHealth } from '../lib/api';

/** Which model provider answers; `offline` means no API key: deterministic filing, passages for answers. */
export function useHealth() {
  const [provider, setProvider] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const result = await getHealth();
    if (result.ok) setProvider(result.value.provider?.name ?? null);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { provider, offline: provider === 'offline', refresh };
}
