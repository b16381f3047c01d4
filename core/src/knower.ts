import path from 'node:path';
import { clearFailedItem, createQuestions, createUpdateRetry, QuestionStore, type Questions, type UpdateRetry } from './activity/index.js';
import { createAgents, modelDeps, type Agents } from './agents/index.js';
import { createBriefs, type Briefs } from './brief/index.js';
import type { Config } from './config/index.js';
import { announceFileChange, createEventBus, type EventBus } from './events/index.js';
import { createDiskWatch, createHealth, type DiskWatch, type Health } from './health/index.js';
import { createHistory, type History } from './history/index.js';
import { countInboxItems } from './inbox/index.js';
import { createBackgroundJob, createTreeWriter, startVaultSync, type BackgroundJob, type IndexingProgress } from './jobs/index.js';
import type { Logger } from './logger.js';
import { createUpdateQueue, UpdateStore, type RetryPolicy, type UpdateQueue } from './queue/index.js';
import { createSearchEngine, guardVaultHits, type SearchEngine } from './search/index.js';
import { createVaultStats, type VaultStats } from './stats/index.js';
import { createUpdates, type Updates } from './updates/index.js';
import { openVault, settleWrites, UpdateJournal, VaultIndex, type FileOps, type Filesystem, type FrontmatterChoice, type RootNames } from './vault/index.js';
import { SelfWrites } from './watch/index.js';

export interface Knower {
  config: Config;
  /** The vault's real path: every path check compares against it. */
  root: string;
  index: VaultIndex;
  bus: EventBus;
  search: SearchEngine;
  job: BackgroundJob;
  agents: Agents;
  queue: UpdateQueue;
  /** Where notes' created/updated/tokens live, and why. */
  frontmatter: FrontmatterChoice;
  /** What the vault's filesystem can do (hard links, case folding), probed at start. */
  filesystem: Filesystem;
  /** Which of Knower's root names the person's own files hold. */
  rootNames: RootNames;
  history: History;
  /** Questions asked through POST /search or MCP ask, kept with their answers. */
  questions: Questions;
  /** The one door for new updates: every edge's input passes the same rules. */
  updates: Updates;
  /** Runs a failed update's input again. */
  retries: UpdateRetry;
  /** What the vault holds and what changed lately, per project. */
  stats: VaultStats;
  /** A repository's project brief, for coding agents. */
  briefs: Briefs;
  watching(): boolean;
  /** Why changes made on disk may go unnoticed, if so. */
  watchProblem(): string | undefined;
  /** How far the first pass and the job are: /health is "indexing" until search covers the vault. */
  indexing(): IndexingProgress;
  /** Resolves when the start-up scan, the job, tree.md and the search index have all caught up. */
  whenSettled(): Promise<void>;
  /** Free space on the vault's and the state dir's disks. */
  disks: DiskWatch;
  /** What GET /health reports. */
  health: Health;
  /** A running update silent this long is reported stuck (tests shorten it). */
  queueStallMs?: number;
  /** Stops the queue, the history, the watcher and the job, and lets go of the vault. */
  close(): Promise<void>;
}

/** What the service is built from: its configuration, and what tests replace. */
export interface KnowerDeps {
  config: Config;
  clock?: () => Date;
  /** A search engine to use instead of qmd (tests of what sits around it). */
  search?: SearchEngine;
  /** How often and how patiently a failing update is retried (tests shorten the backoff). */
  retry?: RetryPolicy;
  /** How long the vault must be quiet before hand edits are committed to the history (tests shorten it). */
  historyQuietMs?: number;
  /** File operations that differ between filesystems (tests give one without hard links). */
  fileOps?: FileOps;
  /** A running update silent this long is reported stuck in /health (default 15 min). */
  queueStallMs?: number;
  /** One agent tool call's time limit (default 60 s; tests shorten it). */
  toolTimeLimitMs?: number;
}

/** Opens the vault and builds the services, each from what it uses; the HTTP edge is app.ts's. */
export async function createKnower(deps: KnowerDeps, log: Logger): Promise<Knower> {
  const { config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const { root, filesystem, unregisterFilesystem, rootNames, frontmatter } = await openVault({
    vaultPath: config.vaultPath,
    stateDir: config.stateDir,
    frontmatter: config.frontmatter,
    clock,
    log,
    ...(deps.fileOps ? { fileOps: deps.fileOps } : {}),
  });

  const index = new VaultIndex();
  const bus = createEventBus();
  const selfWrites = new SelfWrites();
  const search = guardVaultHits(
    deps.search ??
      createSearchEngine({
        nodeBinary: config.qmd.nodeBinary,
        cliPath: config.qmd.cliPath,
        vaultRoot: root,
        stateDir: config.stateDir,
        collection: 'vault',
        env: config.childEnv,
        models: config.models,
        log: (level, msg, extra) => log[level](extra ?? {}, msg),
      }),
    root,
  );

  const treeWriter = createTreeWriter({ root, file: rootNames.fileOf('tree.md'), index, selfWrites, clock, log });
  let inboxCount = -1;
  const job = createBackgroundJob({
    root,
    index,
    engine: search,
    selfWrites,
    clock,
    log,
    mode: frontmatter.mode,
    isPersons: rootNames.isPersons,
    onListingChange: () => {
      treeWriter.schedule();
      bus.publish({ type: 'tree_changed', data: { revision: index.revision } });
      const count = countInboxItems(index);
      if (count !== inboxCount) {
        if (inboxCount !== -1) bus.publish({ type: 'inbox_updated', data: { count } });
        inboxCount = count;
      }
    },
    announce: (rel, type) => announceFileChange(bus, rel, type),
  });
  const store = new UpdateStore(config.stateDir, clock);
  const journalFor = (id: string) => new UpdateJournal(path.join(store.folderOf(id), 'journal'), root, log);
  // The history and the queue know each other through these closures, called only once both exist.
  const history = createHistory({
    root,
    stateDir: config.stateDir,
    env: config.childEnv,
    clock,
    log,
    bus,
    activeJournals: () => {
      const running = queue.status().running;
      return running ? [journalFor(running).dir] : [];
    },
    recordOf: (id) => queue.get(id),
    loadRecord: (id) => store.get(id),
    exclusive: (fn) => queue.exclusive(fn),
    ...(deps.historyQuietMs !== undefined ? { quietMs: deps.historyQuietMs } : {}),
  });
  const sync = startVaultSync({ root, bus, job, selfWrites, log, onForeignChange: (rel) => history.noteChange(rel), listed: (rel) => index.has(rel) });
  const agents = createAgents({ root, names: rootNames, index, search, clock, log, ...modelDeps(config.provider), ...(deps.toolTimeLimitMs ? { toolTimeLimitMs: deps.toolTimeLimitMs } : {}) });
  const queue = createUpdateQueue({
    store,
    agents,
    bus,
    clock,
    log,
    journalFor,
    history,
    clearFailedItem: (failed, writer) => clearFailedItem({ root, imagePath: (record, image) => store.imagePath(record, image) }, failed, writer),
    ...(deps.retry ? { retry: deps.retry } : {}),
  });
  // The accepted updates are counted before the service answers: /health never shows an idle
  // queue while updates wait to be loaded after a restart.
  await queue.load();
  const questions = createQuestions({ store: new QuestionStore(config.stateDir), agents, bus, clock, log });
  const updates = createUpdates({ root, queue });
  const retries = createUpdateRetry({ queue, updates, imagePath: (record, image) => store.imagePath(record, image) });
  let watching = false;
  // Watch first, then the first pass: a change made while the pass runs is not missed.
  const firstPass = sync.ready.then(() => {
    watching = sync.problem() === undefined;
    return job.start();
  });
  // Accepted updates left from before a crash run again, once the agents can see the vault.
  // Then the history compares the vault with its last commit (the first snapshot, or edits made while stopped).
  const historyStarted = firstPass
    .then(() => queue.start())
    .then(() => history.start())
    .catch((err: unknown) => log.error({ err }, 'could not load the update queue'));
  if (config.embedIntervalS > 0) search.startEmbedTimer(config.embedIntervalS);

  const isWatching = () => watching && sync.problem() === undefined;
  const disks = createDiskWatch({ vault: root, state: config.stateDir });
  const health = createHealth({
    root,
    search,
    queue,
    history,
    agents,
    disks,
    rootNames,
    index,
    job,
    frontmatter,
    filesystem,
    watching: isWatching,
    watchProblem: () => sync.problem(),
    indexing: () => job.progress(),
    ...(deps.queueStallMs !== undefined ? { stallMs: deps.queueStallMs } : {}),
  });
  const knower: Knower = {
    config,
    root,
    index,
    bus,
    search,
    job,
    agents,
    queue,
    frontmatter,
    filesystem,
    rootNames,
    history,
    questions,
    updates,
    retries,
    stats: createVaultStats({ index, queue, history, search, clock }),
    briefs: createBriefs({ root, index, search }),
    disks,
    health,
    ...(deps.queueStallMs !== undefined ? { queueStallMs: deps.queueStallMs } : {}),
    watching: isWatching,
    watchProblem: () => sync.problem(),
    indexing: () => job.progress(),
    async close() {
      await queue.close();
      await history.close();
      await sync.close();
      job.close();
      // A stamp already under way finishes (its temp file gone) before the vault is let go.
      await Promise.race([job.whenIdle(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await settleWrites();
      treeWriter.cancel();
      await search.close();
      unregisterFilesystem();
    },
    async whenSettled() {
      await firstPass;
      do {
        await settleWrites();
        await job.whenIdle();
        await treeWriter.whenIdle();
        await historyStarted;
        await history.whenIdle();
      } while (job.stats().pending > 0);
    },
  };
  return knower;
}
