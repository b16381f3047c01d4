import { useCallback, useEffect, useState } from 'react';
import { getHealth } from '../lib/api';
import type { Health, VaultLayout } from '@knower/api';

const FOLLOW_PROBLEM_MS = 15_000;

/**
 * Which model provider answers; `offline` means no provider: deterministic filing, passages for
 * answers. `label` names provider and model ("openai · llama3.1:8b"); `problem` is what its last
 * call or the start-up check found wrong. The app refreshes it when a run ends (each model call
 * sets or clears the problem), and every few seconds while there is one. `layout` is where the
 * vault keeps the inbox: the app takes its paths from here.
 */
export function useHealth() {
  const [provider, setProvider] = useState<Health['provider'] | null>(null);
  const [layout, setLayout] = useState<VaultLayout | null>(null);

  const refresh = useCallback(async () => {
    const result = await getHealth();
    if (!result.ok) return;
    setProvider(result.value.provider ?? null);
    setLayout(result.value.vault.layout);
  }, []);

  useEffect(() => {
    // State is set after the fetch resolves, not during the effect (a known false report of the rule).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
  }, [refresh]);

  // A problem is followed until it clears (the provider came back), without waiting for a reload.
  const problem = provider?.problem ?? null;
  useEffect(() => {
    if (!problem) return;
    const timer = setInterval(() => void refresh(), FOLLOW_PROBLEM_MS);
    return () => clearInterval(timer);
  }, [problem, refresh]);

  const name = provider?.name ?? null;
  const label = name && name !== 'offline' ? [name, provider?.model].filter(Boolean).join(' · ') : null;
  return { provider: name, offline: name === 'offline', label, problem: provider?.problem ?? null, layout, refresh };
}
