import type { Passage, TextSpan } from './passage.js';
import type { SetAsideNote } from './set-aside.js';

/**
 * The messages between the service and its worker process (a Node 22 child around the search
 * index) and, through it, the process's lanes: threads that each hold a connection, one
 * indexing, others searching. Requests carry an id; a lane answers each once, and may send
 * progress events for the same id before the answer.
 */

/** What the worker knows about one file of the vault after looking at it on disk. */
export interface FileFacts {
  path: string;
  kind: 'note' | 'file' | 'link';
  size: number;
  mtimeMs: number;
  /** 0 where the filesystem does not record a birth time. */
  birthtimeMs: number;
  /** Notes: ceil(body length / 4), the vault's own measure. */
  tokens?: number;
  /** Notes: sha1 of the body (frontmatter excluded): `updated` moves when it changes. */
  bodyHash?: string;
  /** Notes: the frontmatter fields Knower cares about, as written (strings). */
  frontmatter?: { created?: string; updated?: string; tokens?: string };
  /** Notes whose frontmatter does not parse (left untouched, still listed and searchable). */
  malformed?: string;
  /** A note the index worker crashed on, twice: listed but not read, out of search until it changes (why). */
  setAside?: string;
  /** In the search index. */
  indexed?: boolean;
  /** How Knower first came to know the file: in a pass over the whole vault, or from a change while running. */
  origin?: 'scan' | 'event';
}

export interface SyncResult {
  upserts: FileFacts[];
  /** Paths (files, or folders whose every file went) that no longer exist. */
  removed: string[];
  /** Notes in the search index after this change (absent where there is no index). */
  documents?: number;
  /** The PDFs in search, waiting to be read, set aside, after this change (absent where there is no index). */
  pdfs?: PdfCounts;
}

/** The PDFs of the vault as the index lane knows them (pdf-indexer.ts). */
export interface PdfCounts {
  /** Read and in search (by their name alone, for those without text). */
  indexed: number;
  /** Waiting to be read, or being read. */
  waiting: number;
  /** The reader died on them: out of search until they change. */
  setAside: number;
}

export interface Progress {
  done: number;
  total: number;
}

/** A scan's progress: files looked at, and notes for search among them. */
export interface ScanProgress {
  files: Progress;
  search: Progress;
}

export interface WorkerHit {
  path: string;
  title: string;
  score: number;
  snippet: string;
  /** A note over the budget (vault/note-budget.ts), a PDF read in part or by its name: what part of it search covers. */
  truncated?: string;
  /** A PDF: the page of the snippet's passage (1 for the first). */
  page?: number;
  /** A note: the passage holding the most of the query's words (a PDF's is its page). */
  passage?: Passage;
  /** Asked with context: the passage and its neighbours as the file holds them now, and what that covers. */
  text?: string;
  textSpan?: TextSpan;
}

/** `index`: the one writer (scan, sync, status). `search`: a reader (search, describe), stopped when a query overruns. */
export type WorkerRole = 'index' | 'search';

export interface OpenArgs {
  role: WorkerRole;
  dbPath: string;
  /** Absolute, realpath'd vault root. */
  root: string;
  /** Where earlier versions kept their facts (inside qmd's database): taken over once. */
  legacyDbPath?: string;
  /**
   * Search lanes: a query still running this long after it started is interrupted inside SQLite
   * (with Knower's extension). The service stops a lane at its budget; this brings back a thread
   * stuck in native code, which nothing else can.
   */
  deadlineMs?: number;
}

export interface OpenResult {
  documents: number;
  /** A first pass over the whole vault completed on this index. */
  complete: boolean;
  /** What had to be rebuilt on opening, if anything. */
  rebuilt?: string;
  /** A search worker ranking with SQLite's own bm25() (same results, slower): why. */
  slowRanking?: string;
  /** The index lane: the notes set aside after crashing the worker (crash-guard.ts). */
  setAside?: SetAsideNote[];
}

export interface SearchArgs {
  query: string;
  limit: number;
  /** Only paths under this folder prefix (ending with '/'), e.g. "projects/acme/". */
  prefix: string | null;
  /** Neighbouring passages each hit brings on each side, with its text; absent: no text. */
  context?: number;
}

/** Hits found elsewhere (qmd's CLI): their paths, and the line qmd chose in each, where it named one. */
export interface DescribeArgs {
  paths: string[];
  query: string;
  lines?: Record<string, number>;
  context?: number;
}

/** `damaged`: SQLite found the index file damaged (the service rebuilds it). */
export type SearchOutcome = { ok: true; hits: WorkerHit[] } | { ok: false; error: string; rejected: boolean; damaged?: true };

export interface StatusResult {
  documents: number;
  complete: boolean;
  setAside: SetAsideNote[];
  pdfs?: PdfCounts;
}

export type Request =
  | { id: number; op: 'open'; args: OpenArgs }
  | { id: number; op: 'scan' }
  | { id: number; op: 'sync'; args: { paths: string[] } }
  | { id: number; op: 'search'; args: SearchArgs }
  /** Titles and snippets for hits found elsewhere (qmd's CLI, for deep search). */
  | { id: number; op: 'describe'; args: DescribeArgs }
  | { id: number; op: 'status' }
  /** Drops what the index keeps of text no longer in the vault (NoteStore.purge). */
  | { id: number; op: 'purge' }
  /** The index lane moves a damaged index aside and opens an empty one (the service then scans the vault). */
  | { id: number; op: 'rebuild'; args: { why: string } }
  /** The lane closes its database and its thread ends; no answer. */
  | { id: number; op: 'close' };

export type RequestOp = Request['op'];

export interface Results {
  open: OpenResult;
  scan: ScanProgress;
  sync: SyncResult;
  search: SearchOutcome;
  describe: WorkerHit[];
  status: StatusResult;
  purge: null;
  rebuild: OpenResult;
  close: never;
}

export type Reply =
  | { id: number; ok: true; result: unknown }
  /** `code`: SQLite's error code, when SQLite failed (a damaged index is rebuilt). */
  | { id: number; ok: false; error: string; code?: string }
  /** A scan's stream: what it found so far, applied by the service as it arrives. */
  | { id: number; event: 'batch'; batch: SyncResult; progress: ScanProgress };

/**
 * Service → worker process. A request goes to its lane's thread (started by its first request,
 * from `entry` where given: tests' stand-ins); `end` lets a lane go: `retire` closes it,
 * `stop` terminates its thread at once (a search past its budget).
 */
export type HostMessage = { lane: string; request: Request; entry?: string } | { lane: string; end: 'retire' | 'stop' };

/** Worker process → service: a lane's reply, or its thread's end (exit code, and the error that ended it). */
export type HostReply = { lane: string; reply: Reply } | { lane: string; ended: string };

/**
 * SQLite's codes for a file that is not (or no longer) a sound database: overwritten, truncated,
 * or with damaged pages, FTS5's own tables included (SQLITE_CORRUPT_VTAB).
 */
export const isDamage = (code: string | undefined): boolean => code === 'SQLITE_NOTADB' || (code?.startsWith('SQLITE_CORRUPT') ?? false);
