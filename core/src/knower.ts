import { createActivity, createQuestions, createUpdateRetry, failedItemCleanup, QuestionStore, type Activity, type Questions, type UpdateRetry } from './activity/index.js';
import { createAgents, modelDeps, type Agents } from './agents/index.js';
import { createCapture, type Capture } from './capture/index.js';
import { createBriefs, type Briefs } from './brief/index.js';
import { makePrivateFolder, type Config } from './config/index.js';
import { announceFileChange, createEventBus, type EventBus, type FileChangeType } from './events/index.js';
import { createDiskWatch, createHealth, type HealthService } from './health/index.js';
import { createForget, type Forget } from './forget/index.js';
import { createHistory, type History } from './history/index.js';
import { createInbox, inboxCountAnnouncer, type Inbox } from './inbox/index.js';
import { createBackgroundJob, createTreeWriter, startVaultSync, type BackgroundJob } from './jobs/index.js';
import { startInOrder } from './lifecycle.js';
import { createBacklinks, type BacklinkFinder } from './links/index.js';
import type { Logger } from './logger.js';
import { createUpdateQueue, type RetryPolicy, type UpdateQueue } from './queue/index.js';
import { UpdateStore } from './records/index.js';
import { createSearchEngine, guardVaultHits, type SearchEngine } from './search/index.js';
import { createVaultStats, type VaultStats } from './stats/index.js';
import { createTranscriptions, createUpdates, type Transcriptions, type Updates } from './updates/index.js';
import {
  indexViewsOf,
  createNotePages,
  openVault,
  TREE_FILE,
  UpdateJournals,
  VaultIndex,
  VaultTurns,
  type FileOps,
  type FrontmatterChoice,
  type IndexViews,
  type NotePages,
  type RootNames,
} from './vault/index.js';
import { SelfWrites } from './watch/index.js';

/** The services, by name: what the HTTP edge hands each route, and what tests look at. */
export interface Knower {
  /** The vault's real path: every path check compares against it. */
  root: string;
  index: VaultIndex;
  /** Folder listings, name lookups and link resolution over the index. */
  views: IndexViews;
  notes: NotePages;
  backlinks: BacklinkFinder;
  bus: EventBus;
  search: SearchEngine;
  job: BackgroundJob;
  agents: Agents;
  queue: UpdateQueue;
  /** Where notes' created/updated/tokens live, and why. */
  frontmatter: FrontmatterChoice;
  /** Which of Knower's root names the person's own files hold. */
  rootNames: RootNames;
  history: History;
  /** Forgetting a text or files: from the vault, its history and the records, with a backup until confirmed. */
  forget: Forget;
  inbox: Inbox;
  /** Questions asked through POST /search or MCP ask, kept with their answers. */
  questions: Questions;
  /** Updates and questions together, newest first. */
  activity: Activity;
  /** The one door for new updates: every edge's input passes the same rules. */
  updates: Updates;
  /** Audio waiting for a transcriber, and transcribing it (each audio an update of its own). */
  transcriptions: Transcriptions;
  /** Runs a failed update's input again. */
  retries: UpdateRetry;
  /** What the vault holds and what changed lately, per project. */
  stats: VaultStats;
  /** A repository's project brief, for coding agents. */
  briefs: Briefs;
  /** What GET /health reports. */
  health: HealthService;
  /** Resolves when the start-up scan, the job, tree.md and the search index have all caught up. */
  whenSettled(): Promise<void>;
  /** Stops the queue, the history, the watcher and the job, and lets go of the vault. */
  close(): Promise<void>;
}

/** What the service is built from: its configuration, and what tests replace. */
export interface KnowerDeps {
  config: Config;
  /** The umask the process was started with (main.ts sets its own to 077): files in the vault are never wider (default 022). */
  umask?: number;
  clock?: () => Date;
  /** A search engine to use instead of qmd (tests of what sits around it). */
  search?: SearchEngine;
  /** How often and how patiently a failing update is retried (tests shorten the backoff). */
  retry?: RetryPolicy;
  /** How long the vault must be quiet before hand edits are committed to the history (tests shorten it). */
  historyQuietMs?: number;
  /** When the history packs its loose objects (tests make it small). */
  historyLoose?: { maxBytes: number; checkEvery: number };
  /** File operations that differ between filesystems (tests give one without hard links). */
  fileOps?: FileOps;
  /** A running update silent this long is reported stuck in /health (default 15 min). */
  queueStallMs?: number;
  /** One agent tool call's time limit (default 60 s; tests shorten it). */
  toolTimeLimitMs?: number;
  /** Capture services to use instead of those the settings make (tests: a resolver, a transcriber, short limits). */
  capture?: Partial<Capture>;
}

/** Opens the vault and builds the services, each from what it uses; the HTTP edge is app.ts's. */
export async function createKnower(deps: KnowerDeps, log: Logger): Promise<Knower> {
  const { config } = deps;
  const { stateDir } = config;
  const clock = deps.clock ?? (() => new Date());
  privateState(stateDir, log);
  const opened = await openVault({
    vaultPath: config.vaultPath,
    stateDir,
    frontmatter: config.frontmatter,
    clock,
    log,
    ...(deps.umask !== undefined && { umask: deps.umask }),
    ...(deps.fileOps && { fileOps: deps.fileOps }),
  });
  const { root, filesystem, rootNames, frontmatter, knowerNotes } = opened;
  const base = { root, clock, log };
  const index = new VaultIndex();
  const views = indexViewsOf(index);
  const bus = createEventBus();
  const selfWrites = new SelfWrites();
  const search = guardVaultHits(deps.search ?? qmdEngine(config, root, log), root);
  const treeWriter = createTreeWriter({ ...base, file: rootNames.fileOf(TREE_FILE), index, selfWrites });
  const inboxCount = inboxCountAnnouncer(index, bus);
  const onListingChange = () => {
    treeWriter.schedule();
    bus.publish({ type: 'tree_changed', data: { revision: index.revision } });
    inboxCount();
  };
  const announce = (rel: string, type: FileChangeType) => announceFileChange(bus, rel, type);
  const job = createBackgroundJob({ ...base, index, engine: search, selfWrites, mode: frontmatter.mode, isPersons: rootNames.isPersons, knowerNotes, onListingChange, announce });
  // What the history and the queue share, built before either: neither knows the other.
  const store = new UpdateStore(stateDir, clock);
  const journals = new UpdateJournals({ folders: store, root, log });
  const turns = new VaultTurns();
  const quiet = deps.historyQuietMs !== undefined && { quietMs: deps.historyQuietMs };
  const history = createHistory({ ...base, stateDir, env: config.childEnv, bus, journals, records: store, turns, ...quiet, ...(deps.historyLoose && { loose: deps.historyLoose }) });
  const sync = startVaultSync({ root, bus, job, selfWrites, log, onForeignChange: (rel) => history.noteChange(rel), listed: (rel) => index.has(rel) });
  const toolTime = deps.toolTimeLimitMs ? { toolTimeLimitMs: deps.toolTimeLimitMs } : {};
  const capture: Capture = { ...createCapture(config.capture), ...deps.capture };
  const agents = createAgents({ ...base, names: rootNames, knowerNotes, index, search, capture, ...modelDeps(config.provider), ...toolTime });
  const clearFailedItem = failedItemCleanup({ root, store });
  const queue = createUpdateQueue({ store, agents, bus, clock, log, journals, turns, history, clearFailedItem, ...(deps.retry && { retry: deps.retry }) });
  // Counted before the service answers: /health never shows an idle queue while updates wait to be loaded after a restart.
  await queue.load();
  const questions = createQuestions({ store: new QuestionStore(stateDir), agents, bus, clock, log });
  const updates = createUpdates({ root, queue, store });
  const forget = createForget({ root, stateDir, clock, log, bus, turns, history, updates: queue, questions, folders: store, names: rootNames, search, notes: knowerNotes });
  const lifecycle = startInOrder({ sync, job, treeWriter, queue, history, search, release: opened.unregisterFilesystem, log });
  if (config.embedIntervalS > 0) search.startEmbedTimer(config.embedIntervalS);
  const disks = createDiskWatch({ vault: root, state: stateDir });
  const watchProblem = () => [sync.problem(), sync.unseen()].filter(Boolean).join('; ') || undefined;
  const progress = { watching: lifecycle.watching, watchProblem, indexing: () => job.progress() };
  const stall = deps.queueStallMs !== undefined && { stallMs: deps.queueStallMs };
  const health = createHealth({ root, search, queue, history, agents, disks, rootNames, index, job, frontmatter, filesystem, ...progress, ...stall });
  const transcriptions = createTranscriptions({ root, queue, updates, transcriber: capture.transcriber });
  const built = { root, index, views, bus, search, job, agents, queue, frontmatter, rootNames, history, forget, questions, updates, transcriptions, health };
  return {
    ...built,
    notes: createNotePages({ root, index, views }),
    backlinks: createBacklinks({ root, search, resolve: views.resolve }),
    inbox: createInbox({ root }),
    activity: createActivity({ queue, questions, history }),
    retries: createUpdateRetry({ queue, updates, store, undo: history.undoUpdate }),
    stats: createVaultStats({ index, queue, history, search, clock }),
    briefs: createBriefs({ root, index, search }),
    whenSettled: lifecycle.whenSettled,
    async close() {
      await lifecycle.close();
      await capture.extract.close();
      await knowerNotes.flush();
    },
  };
}

/** The state folder holds copies of the notes (history, index, records) and the log: this user's alone, said once when it was not. */
function privateState(stateDir: string, log: Logger): void {
  const state = makePrivateFolder(stateDir);
  if (state.kind === 'tightened') log.warn({ stateDir, was: state.was }, 'the state folder was open to other users: it is private now (0700)');
  if (state.kind === 'open') log.warn({ stateDir, mode: state.mode, reason: state.reason }, 'the state folder is open to other users and could not be made private');
}

/** qmd over the vault, with the settings its worker needs. */
function qmdEngine(config: Config, root: string, log: Logger): SearchEngine {
  const { nodeBinary, cliPath } = config.qmd;
  const logTo = (level: 'debug' | 'info' | 'warn' | 'error', msg: string, extra?: object) => log[level](extra ?? {}, msg);
  return createSearchEngine({ nodeBinary, cliPath, vaultRoot: root, stateDir: config.stateDir, collection: 'vault', env: config.childEnv, models: config.models, log: logTo });
}
