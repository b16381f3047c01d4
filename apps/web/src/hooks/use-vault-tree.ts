import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { getFolder, type ApiProblem, type FileChanged, type FolderListing } from '../lib/api';
import { applyFileEvents, sortListing, type Folders } from '../lib/vault-tree';

const BATCH_MS = 50;
// Counts and token totals come only from the server (the background job writes tokens a moment
// after the agent's write): refetch the open folders once a burst of changes has settled.
const SETTLE_MS = 1200;

/**
 * The vault tree, loaded one folder at a time as folders are expanded, and kept live from
 * file events between fetches. Only the root and the expanded folders are ever fetched.
 */
export function useVaultTree(expanded: ReadonlySet<string>) {
  const [folders, setFolders] = useState<Folders>(() => new Map());
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const live = useRef({ folders, expanded });
  useLayoutEffect(() => {
    live.current = { folders, expanded };
  });
  const inFlight = useRef(new Map<string, number>());
  const missing = useRef(new Map<string, number>());
  const generation = useRef(0);
  const queued = useRef<FileChanged[]>([]);
  const batchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async function loadFolder(path: string): Promise<void> {
    const mine = ++generation.current;
    inFlight.current.set(path, mine);
    const result = await getFolder(path);
    if (inFlight.current.get(path) !== mine) return; // a newer fetch of this folder took over
    inFlight.current.delete(path);
    if (result.ok) {
      missing.current.delete(path);
      const listing: FolderListing = sortListing(result.value);
      setFolders((current) => new Map(current).set(path, listing));
      if (path === '') setProblem(null);
    } else if (result.problem.status === 404) {
      // A folder revealed by a file event can be asked for before the index holds the file: ask
      // again shortly. A folder that stays missing was moved or deleted: its parent's refetch drops its row.
      const tries = (missing.current.get(path) ?? 0) + 1;
      missing.current.set(path, tries);
      if (tries <= 3) setTimeout(() => live.current.expanded.has(path) && void loadFolder(path), 300 * tries);
      setFolders((current) => {
        if (!current.has(path)) return current;
        const next = new Map(current);
        next.delete(path);
        return next;
      });
    } else if (path === '') setProblem(result.problem);
  }, []);

  /** Refetches the root and every expanded folder; collapsed ones are dropped and fetched again when opened. */
  const refresh = useCallback(async () => {
    const { expanded } = live.current;
    setFolders((current) => {
      const kept = new Map([...current].filter(([path]) => path === '' || expanded.has(path)));
      return kept.size === current.size ? current : kept;
    });
    await Promise.all(['', ...expanded].map(load));
  }, [load]);

  // First the root, then whatever is expanded and not loaded (on start: the folders left open last time).
  useEffect(() => {
    const { folders } = live.current;
    for (const path of ['', ...expanded]) if (!folders.has(path) && !inFlight.current.has(path)) void load(path);
  }, [expanded, load]);

  useEffect(
    () => () => {
      clearTimeout(batchTimer.current);
      clearTimeout(settleTimer.current);
    },
    [],
  );

  /** Events are applied in small batches: a burst of 500 changes costs a handful of renders. */
  const applyEvent = useCallback(
    (event: FileChanged) => {
      queued.current.push(event);
      batchTimer.current ??= setTimeout(() => {
        const batch = queued.current;
        queued.current = [];
        batchTimer.current = undefined;
        setFolders((current) => applyFileEvents(current, batch));
      }, BATCH_MS);
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => void refresh(), SETTLE_MS);
    },
    [refresh],
  );

  return { folders, loaded: folders.has(''), problem, refresh, applyEvent };
}
