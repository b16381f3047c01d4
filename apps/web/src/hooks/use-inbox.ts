import { useCallback, useEffect, useRef, useState } from 'react';
import { getInbox, type ApiProblem, type InboxSummary } from '../lib/api';

/** Pending inbox items. `inbox_updated` from the stream gives the count at once, then a refetch. */
export function useInbox() {
  const [items, setItems] = useState<InboxSummary[] | null>(null);
  const [count, setCount] = useState(0);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const sequence = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++sequence.current;
    const result = await getInbox();
    if (mine !== sequence.current) return;
    if (result.ok) {
      setItems(result.value.items);
      setCount(result.value.items.length);
      setProblem(null);
    } else setProblem(result.problem);
  }, []);

  useEffect(() => {
    // State is set after the fetch resolves, not during the effect (a known false report of the rule).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
  }, [refresh]);

  const onInboxUpdated = useCallback(
    (next: number) => {
      setCount(next);
      void refresh();
    },
    [refresh],
  );

  // A change inside inbox/ (an item being written, resolved or edited by hand): refetch once
  // the burst is over, so the list never lags behind the badge.
  const soon = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshSoon = useCallback(() => {
    clearTimeout(soon.current);
    soon.current = setTimeout(() => void refresh(), 300);
  }, [refresh]);
  useEffect(() => () => clearTimeout(soon.current), []);

  return { items, count, problem, refresh, refreshSoon, onInboxUpdated };
}
