export type SearchMode = 'fast' | 'deep';

/** One search hit; `path` is relative to the vault root, e.g. "projects/alpha/state.md". */
export interface SearchHit {
  path: string;
  title: string;
  score: number;
  snippet: string;
}

/** `degraded` is a human-readable reason, present only when something degraded. */
export interface SearchResult {
  results: SearchHit[];
  mode: SearchMode;
  degraded?: string;
}

/** `scope: "project:<name>"` keeps only hits under `projects/<name>/` (over-fetch, filter, trim). */
export interface SearchQuery {
  query: string;
  mode?: SearchMode;
  scope?: string;
  limit?: number;
}

export type SearchLog = (
  level: 'info' | 'warn' | 'error',
  msg: string,
  extra?: Record<string, unknown>,
) => void;

export interface QmdOptions {
  /** Node >= 22 binary: qmd's database layer crashes on older Node. */
  nodeBinary: string;
  /** .../@tobilu/qmd/dist/cli/qmd.js */
  cliPath: string;
  /** Absolute, realpath'd. */
  vaultRoot: string;
  /** qmd's INDEX_PATH and QMD_CONFIG_DIR live under `${stateDir}/qmd/`. */
  stateDir: string;
  collection: string;
  /** e.g. "{changelog.md,tasks.md,projects/**\/*.md,bucket/**\/*.md}" */
  mask: string;
  timeouts?: { searchMs?: number; updateMs?: number; deepMs?: number; embedMs?: number };
  log?: SearchLog;
  /** Base environment for children; HOME in it is where qmd finds its model cache. */
  env?: NodeJS.ProcessEnv;
}

/** Shown in GET /health. */
export interface QmdStatus {
  available: boolean;
  degraded?: string;
  lastUpdate?: { at: string; ms: number; ok: boolean; error?: string };
  updateRuns: number;
  updating: boolean;
  documents?: number;
  embeddings: {
    modelsPresent: boolean;
    pending: boolean;
    running: boolean;
    lastRun?: { at: string; ok: boolean; error?: string };
  };
}

export interface SearchEngine {
  /** Idempotent: ensures the collection exists with the mask (recreated if mask/path differ). Never throws. */
  init(): Promise<void>;
  /** Single-flight `qmd update` with one trailing run: a burst of 500 calls costs at most two runs. */
  scheduleUpdate(): void;
  /** Runs (or joins) an update; resolves once the index reflects everything scheduled before the call. */
  update(): Promise<boolean>;
  /** Resolves when no update is running or pending. */
  whenIdle(): Promise<void>;
  /** Never throws for qmd faults: returns `degraded` instead. */
  search(q: SearchQuery): Promise<SearchResult>;
  /** `qmd embed`, bounded by a timeout and serialized with updates; refused at once when models are absent. */
  embed(): Promise<{ ok: boolean; error?: string }>;
  /** Something changed since the last embed (for the embed timer). */
  markChanged(): void;
  /** Runs embed every `intervalS` when something changed and the models are present. */
  startEmbedTimer(intervalS: number): void;
  status(): QmdStatus;
  /** Kills children and clears timers. */
  close(): Promise<void>;
}
