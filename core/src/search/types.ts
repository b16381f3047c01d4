import type { ModelsStatus, SearchMode } from '../api/index.js';
import type { PullOutcome } from './models/model-puller.js';
import type { NoteBudgetStatus } from './oversized-notes.js';
import type { SearchLog } from './search-log.js';
import type { SearchWorkersStatus } from './search-workers.js';
import type { SetAsideStatus } from './set-aside-notes.js';
import type { Passage, TextSpan } from './worker/passage.js';
import type { FileFacts, PdfCounts, ScanProgress, SyncResult } from './worker/protocol.js';

export type { FileFacts, Passage, PdfCounts, PullOutcome, ScanProgress, SyncResult, TextSpan };

export type { SearchMode };

/** One search hit; `path` is relative to the vault root, e.g. "projects/alpha/state.md". */
export interface SearchHit {
  path: string;
  title: string;
  score: number;
  snippet: string;
  /** What part of it search covers, when not all: "only the first 4 MB of this 200 MB note are searchable", a PDF's name only. */
  truncated?: string;
  /** A PDF: the page its snippet is on (1 for the first): its passage. */
  page?: number;
  /** A note: the section, turn or window of lines holding the most of the query's words. */
  passage?: Passage;
  /** Asked with `context`: the passage and its neighbours, read from the file, bounded; `textSpan` says what it covers. */
  text?: string;
  textSpan?: TextSpan;
}

/**
 * `degraded` is a human-readable reason, present only when something degraded. `partial` is set
 * while the first pass over the vault is still indexing: notes not reached yet are missing.
 */
export interface SearchResult {
  results: SearchHit[];
  mode: SearchMode;
  degraded?: string;
  partial?: true;
}

/** `scope: "project:<name>"` keeps only hits under `projects/<name>/`. */
export interface SearchQuery {
  query: string;
  mode?: SearchMode;
  scope?: string;
  limit?: number;
  /** Neighbouring passages (sections, turns, pages) each hit brings on each side with its text, 0-5; absent: no text. */
  context?: number;
}

export type { SearchLog };

export interface QmdOptions {
  /** Node >= 22 binary: qmd's database layer crashes on older Node. */
  nodeBinary: string;
  /** .../@tobilu/qmd/dist/cli/qmd.js: deep search and embeddings run through qmd's CLI. */
  cliPath: string;
  /** Absolute, realpath'd. */
  vaultRoot: string;
  /** qmd's INDEX_PATH and QMD_CONFIG_DIR live under `${stateDir}/qmd/`. */
  stateDir: string;
  collection: string;
  timeouts?: {
    /** How long a search may wait for the index to start. */
    searchMs?: number;
    syncMs?: number;
    deepMs?: number;
    embedMs?: number;
    /** A search running longer is slow: logged, and /health is degraded while it runs. */
    slowSearchMs?: number;
    /** A search running longer is stopped (its worker's thread is ended and replaced). */
    searchBudgetMs?: number;
  };
  log?: SearchLog;
  /** Base environment for children; HOME in it is where qmd finds its model cache. */
  env?: NodeJS.ProcessEnv;
  /** Where qmd's models come from, and whether to fetch them when the engine starts. */
  models?: { baseUrl?: string; autoPull?: boolean; stallMs?: number; deadlineMs?: number; fetchImpl?: typeof fetch };
  /** Search workers, threads of the worker process (default 2: one answers while the other is busy). */
  searchWorkers?: number;
  /** Another entry point for the search workers' threads (tests: a stand-in that stalls like a runaway query). */
  searchWorkerEntry?: string;
  /** Another entry point for the index worker's thread (tests: a stand-in that crashes on a note). */
  indexWorkerEntry?: string;
}

// qmd's models, for deep search and embeddings: what GET /models answers, api's ModelsStatus.
export type { ModelsStatus };

/** Shown in GET /health (under `qmd`, its historical name: the lexical index is Knower's own). */
export interface QmdStatus {
  available: boolean;
  degraded?: string;
  /** qmd's version, used for deep search and embeddings. */
  version?: string;
  /** Notes in the search index. */
  documents?: number;
  /** The first pass over the vault has not completed: results may miss notes. */
  partial?: boolean;
  /** How much of each note is indexed, and the notes larger than that. */
  noteBudget?: NoteBudgetStatus;
  /** Notes the index worker crashed on: listed, left out of search until they change. */
  setAside?: SetAsideStatus;
  /** The vault's PDFs: in search by their text (or name), waiting to be read, set aside after the reader died on them. */
  pdfs?: PdfCounts;
  /** Saves the index takes once its worker is back (it was restarting, or its file being replaced). */
  owed?: number;
  /** Index worker starts (a restart after a crash counts). */
  workerStarts: number;
  workerPid?: number;
  /** The search workers: slow searches, overruns, restarts. */
  search?: SearchWorkersStatus;
  models?: ModelsStatus;
  lastSync?: { at: string; ms: number; ok: boolean; files: number; error?: string };
  embeddings: {
    modelsPresent: boolean;
    pending: boolean;
    running: boolean;
    lastRun?: { at: string; ok: boolean; error?: string };
  };
}

/** What the index holds now: notes in it, and how many distinct note texts still lack vectors for deep search. */
export interface IndexCoverage {
  documents: number;
  needsEmbedding: number;
}

/**
 * The vault's index: it looks at files on disk (the one reader for indexing), keeps the search
 * index in step, and answers searches; qmd's CLI does deep search. Never throws for their faults.
 */
export interface SearchEngine {
  /** Starts the index worker and opens the database; on failure the engine degrades (facts still flow). */
  init(): Promise<void>;
  /** The whole vault in one pass, streaming what it finds; resolves with the final progress. */
  scan(onBatch: (batch: SyncResult, progress: ScanProgress) => void): Promise<ScanProgress>;
  /** These files or folders as they are on disk now: indexed, or dropped when gone. */
  sync(paths: readonly string[]): Promise<SyncResult>;
  search(q: SearchQuery): Promise<SearchResult>;
  /** `qmd update` + `qmd embed`, bounded by a timeout; refused at once when models are absent. */
  embed(): Promise<{ ok: boolean; error?: string }>;
  /** Downloads qmd's missing models (resumable, bounded); joins a download under way. */
  pullModels(): Promise<PullOutcome>;
  /** Which models are on disk (once looked at), and the download under way or last finished. */
  models(): Promise<ModelsStatus>;
  /** Runs embed every `intervalS` when something changed and the models are present. */
  startEmbedTimer(intervalS: number): void;
  status(): QmdStatus;
  /** Asked of the index itself (one worker call); undefined when the index cannot answer. */
  coverage(): Promise<IndexCoverage | undefined>;
  /**
   * Keeps nothing of text the vault no longer holds (after a forget): the full-text index merged
   * and rewritten, qmd's index brought up to the vault and cleaned (its cache of model answers
   * included). Call it once the changed files were synced.
   */
  purge(): Promise<{ ok: boolean; error?: string }>;
  /** Stops the worker and any qmd child, and clears timers. */
  close(): Promise<void>;
}
