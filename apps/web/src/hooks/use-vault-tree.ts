import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getFolder, type FileChanged } from '../lib/api';
import { createTreeSync } from '../lib/tree-sync';

// Watcher events come in bursts (an agent's run, a git checkout): they are applied a batch at a
// time, and `tree_changed` (one per indexed batch) relists the open folders at most this often.
const BATCH_MS = 50;
const RELIST_MS = 150;

/**
 * The vault tree, listed one folder at a time as folders open, and kept live: removals from file
 * events at once, everything else from the listings, which follow the index (`tree_changed`).
 */
export function useVaultTree(expanded: ReadonlySet<string>) {
  const [sync] = useState(() => createTreeSync((path) => getFolder(path)));
  const model = useSyncExternalStore(sync.subscribe, sync.model);
  const problem = useSyncExternalStore(sync.subscribe, sync.problem);

  useEffect(() => sync.setOpen(expanded), [sync, expanded]);
  useEffect(() => () => sync.close(), [sync]);

  const [timers] = useState(() => ({ queued: [] as FileChanged[], batch: undefined as ReturnType<typeof setTimeout> | undefined, relist: undefined as ReturnType<typeof setTimeout> | undefined }));
  useEffect(
    () => () => {
      clearTimeout(timers.batch);
      clearTimeout(timers.relist);
    },
    [timers],
  );

  const applyEvent = useCallback(
    (event: FileChanged) => {
      timers.queued.push(event);
      timers.batch ??= setTimeout(() => {
        const batch = timers.queued;
        timers.queued = [];
        timers.batch = undefined;
        sync.fileEvents(batch);
      }, BATCH_MS);
    },
    [sync, timers],
  );

  const onTreeChanged = useCallback(() => {
    timers.relist ??= setTimeout(() => {
      timers.relist = undefined;
      void sync.relist();
    }, RELIST_MS);
  }, [sync, timers]);

  const refresh = useCallback(() => sync.relist(), [sync]);
  const reconnected = useCallback(() => sync.reconnected(), [sync]);

  return { model, loaded: model.nodes.has(''), problem, refresh, reconnected, applyEvent, onTreeChanged };
}
