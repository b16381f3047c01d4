import type { ApiProblem, FileChanged, FolderListing, Result } from './api';
import { applyFileEvents, applyListing, emptyTree, forgetFolder, forgetRemovals, holdBack, type TreeModel } from './vault-tree';

export type FetchFolder = (path: string) => Promise<Result<FolderListing>>;

export interface TreeSync {
  model(): TreeModel;
  /** Why the root could not be listed, if it could not. */
  problem(): ApiProblem | null;
  subscribe(listener: () => void): () => void;
  /** The open folders: each newly opened one is listed (again) at once. */
  setOpen(open: ReadonlySet<string>): void;
  /** A batch of watcher events. */
  fileEvents(events: readonly FileChanged[]): void;
  /** The listings changed (SSE `tree_changed`), or may have (a reconnect, a retry): list the root and every open folder again. */
  relist(): Promise<void>;
  /** Back after a lost connection: removals seen before it are no longer trusted, everything is listed again. */
  reconnected(): Promise<void>;
  close(): void;
}

/**
 * Keeps the tree model in step with the server. Each folder is fetched by one request at a time;
 * a reason to fetch it again while one is out (an event, an open, a `tree_changed`) makes one more
 * request once it is back, so the last answer for a folder is never older than the last reason to
 * ask. Answers are applied as they come, each for its own folder only. No timers: the caller
 * batches events and decides when to relist.
 */
export function createTreeSync(fetchFolder: FetchFolder): TreeSync {
  let model = emptyTree;
  let problem: ApiProblem | null = null;
  let open: ReadonlySet<string> = new Set();
  let closed = false;
  const listeners = new Set<() => void>();
  const flights = new Map<string, { again: boolean; done: Promise<void> }>();
  /**
   * For each request out, the paths removed when it was asked for or since: its answer keeps them
   * out even once an addition has let them back (the answer may show the files they were, not
   * what came back).
   */
  const heldBack = new Set<Set<string>>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const update = (next: TreeModel) => {
    if (next === model) return;
    model = next;
    emit();
  };

  function list(path: string): Promise<void> {
    const flight = flights.get(path);
    if (flight) {
      flight.again = true;
      return flight.done;
    }
    const mine = { again: false, done: Promise.resolve() };
    mine.done = (async () => {
      try {
        do {
          mine.again = false;
          const removals = new Set(model.removed);
          heldBack.add(removals);
          const result = await fetchFolder(path).finally(() => heldBack.delete(removals));
          if (closed) return;
          if (result.ok) {
            update(applyListing(model, result.value, removals));
            // Open folders this listing reveals are listed in turn (a folder opened before it existed).
            for (const f of result.value.folders) if (open.has(f.path) && isUnlisted(f.path)) void list(f.path);
            if (path === '' && problem) {
              problem = null;
              emit();
            }
          } else if (result.problem.code === 'not_found') {
            // Gone, or not indexed yet (a folder opened by the event that made it): the
            // `tree_changed` that follows the indexing lists it again. Unless it is already to be
            // asked for again: a newer listing (its parent's) may have shown it since.
            if (!mine.again) update(forgetFolder(model, path));
          } else if (path === '') {
            problem = result.problem;
            emit();
          }
        } while (mine.again && !closed);
      } finally {
        flights.delete(path);
      }
    })();
    flights.set(path, mine);
    return mine.done;
  }

  const isUnlisted = (path: string) => {
    const node = model.nodes.get(path);
    return node?.kind === 'folder' && !node.children;
  };
  // Before the root is in, open folders are asked for at once (the ones left open last time
  // load in parallel); after, only the folders known to exist: the others follow their parent.
  const worthListing = (path: string) => !model.nodes.has('') || model.nodes.get(path)?.kind === 'folder';

  const listAll = async () => {
    const lists = [list('')];
    for (const path of open) {
      // An answer on its way was asked for before this reason to ask: ask once more after it.
      if (worthListing(path) || flights.has(path)) lists.push(list(path));
    }
    await Promise.all(lists);
  };

  return {
    model: () => model,
    problem: () => problem,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setOpen(next) {
      const opened = [...next].filter((path) => !open.has(path));
      open = next;
      if (!model.nodes.has('') && !flights.has('')) void list('');
      for (const path of opened) if (worthListing(path)) void list(path);
    },
    fileEvents(events) {
      for (const removals of heldBack) holdBack(removals, events);
      update(applyFileEvents(model, events));
    },
    relist: listAll,
    async reconnected() {
      update(forgetRemovals(model));
      for (const removals of heldBack) removals.clear();
      await listAll();
    },
    close() {
      closed = true;
      listeners.clear();
    },
  };
}
