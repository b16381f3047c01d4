import { useCallback, useEffect, useRef, useState } from 'react';
import { getTree, type ApiProblem, type FileChanged, type TreeEntry } from '../lib/api';
import { applyFileEvents } from '../lib/file-events';

const BATCH_MS = 50;
// Sizes and token counts come only from the server listing (the background job writes
// tokens a moment after the agent's write): refetch once a burst of changes has settled.
const SETTLE_MS = 1200;

/** The vault listing, kept live from file events between fetches. */
export function useVaultTree() {
  const [entries, setEntries] = useState<TreeEntry[] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const sequence = useRef(0);
  const queued = useRef<FileChanged[]>([]);
  const batchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refresh = useCallback(async () => {
    const mine = ++sequence.current;
    const result = await getTree();
    if (mine !== sequence.current) return; // a newer fetch was started meanwhile
    if (result.ok) {
      setEntries(result.value.files);
      setProblem(null);
    } else setProblem(result.problem);
  }, []);

  useEffect(() => {
    void refresh();
    return () => {
      clearTimeout(batchTimer.current);
      clearTimeout(settleTimer.current);
    };
  }, [refresh]);

  /** Events are applied in small batches: a burst of 500 changes costs a handful of renders. */
  const applyEvent = useCallback(
    (event: FileChanged) => {
      queued.current.push(event);
      batchTimer.current ??= setTimeout(() => {
        const batch = queued.current;
        queued.current = [];
        batchTimer.current = undefined;
        setEntries((current) => (current ? applyFileEvents(current, batch) : current));
      }, BATCH_MS);
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => void refresh(), SETTLE_MS);
    },
    [refresh],
  );

  return { entries, problem, refresh, applyEvent };
}
