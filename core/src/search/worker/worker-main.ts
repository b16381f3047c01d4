/**
 * A lane of the worker process (worker-host.ts): a thread around one connection to Knower's
 * search index. Opened as `index`, it is the one writer: the service sends it the paths that
 * changed, it reads them and indexes them. Opened as `search`, it answers searches from its own
 * connection, so a slow query never holds up indexing, and the service can stop it when a query
 * overruns.
 */
import { parentPort } from 'node:worker_threads';
import { planQuery } from './fts-query.js';
import { openForSearch, openIndex } from './index-db.js';
import { NoteSearch } from './note-search.js';
import { NoteStore } from './note-store.js';
import { readNoteText } from './note-text.js';
import type { OpenArgs, OpenResult, Reply, Request, Results, SearchArgs, SearchOutcome, StatusResult, WorkerHit } from './protocol.js';
import { snippetFor } from './snippet.js';
import type { Db } from './sqlite.js';
import { VaultScanner } from './vault-scanner.js';

let db: Db | undefined;
let writer: { notes: NoteStore; scanner: VaultScanner } | undefined;
let reader: NoteSearch | undefined;
/** Runs a search's SQLite work; search lanes ranking with the extension run it under their deadline. */
let underDeadline: <T>(work: () => T) => T = (work) => work();
let root = '';

const port = parentPort!;
const send = (reply: Reply) => port.postMessage(reply);
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

function open(args: OpenArgs): OpenResult {
  root = args.root;
  if (args.role === 'search') {
    const connection = openForSearch(args.dbPath);
    db = connection.db;
    reader = new NoteSearch(db, connection.rank);
    const ms = args.deadlineMs;
    if (connection.rank === 'knower_bm25' && ms) {
      const deadline = db.prepare('SELECT knower_deadline(?)');
      underDeadline = (work) => {
        deadline.get(ms);
        try {
          return work();
        } finally {
          deadline.get(0);
        }
      };
    }
    return { documents: 0, complete: false, ...(connection.slowRanking && { slowRanking: connection.slowRanking }) };
  }
  const opened = openIndex(args.dbPath, args.root, args.legacyDbPath);
  db = opened.db;
  const notes = new NoteStore(db);
  writer = { notes, scanner: new VaultScanner(args.root, notes) };
  return { documents: notes.documents(), complete: opened.complete, ...(opened.rebuilt && { rebuilt: opened.rebuilt }) };
}

function need<T>(part: T | undefined, role: string): T {
  if (!part) throw new Error(`this index worker was not opened to ${role}`);
  return part;
}

function search({ query, limit, prefix }: SearchArgs): SearchOutcome {
  const plan = planQuery(query);
  if (!plan) return { ok: true, hits: [] };
  try {
    const rows = underDeadline(() => need(reader, 'search').search(plan, limit, prefix));
    return { ok: true, hits: rows.map((r) => ({ path: r.path, title: r.title, score: r.score, snippet: snippetFor(readNoteText(root, r.path), plan.words) })) };
  } catch (err) {
    // FTS5 refuses some expressions; the plan should never build one, but say so if it does.
    return { ok: false, error: (err as Error).message, rejected: /fts5|syntax/i.test((err as Error).message) };
  }
}

function describe({ paths, query }: { paths: string[]; query: string }): WorkerHit[] {
  const words = planQuery(query)?.words ?? [];
  return need(reader, 'search')
    .describe(paths)
    .map((r) => ({ path: r.path, title: r.title, score: 0, snippet: snippetFor(readNoteText(root, r.path), words) }));
}

function status(): StatusResult {
  const { notes } = need(writer, 'index');
  const complete = db?.prepare("SELECT 1 FROM meta WHERE key = 'complete'").get() !== undefined;
  return { documents: notes.documents(), complete };
}

async function handle(req: Exclude<Request, { op: 'close' }>): Promise<Results[Request['op']]> {
  switch (req.op) {
    case 'open':
      return open(req.args);
    case 'scan': {
      const { scanner, notes } = need(writer, 'index');
      const progress = await scanner.scan((batch, p) => send({ id: req.id, event: 'batch', batch, progress: p }), pause);
      notes.compact();
      notes.checkpoint();
      return progress;
    }
    case 'sync': {
      const { scanner, notes } = need(writer, 'index');
      const result = scanner.sync(req.args.paths);
      // After a bulk import or many edits: this one answer waits for the merge (~1 s at 100k notes).
      if (notes.compact()) notes.checkpoint();
      return result;
    }
    case 'search':
      return search(req.args);
    case 'describe':
      return describe(req.args);
    case 'status':
      return status();
    case 'purge':
      need(writer, 'index').notes.purge();
      return null;
  }
}

port.on('message', (req: Request) => {
  if (req.op === 'close') {
    // Closing the indexer's connection checkpoints the log; then the thread ends.
    db?.close();
    process.exit(0);
  }
  handle(req).then(
    (result) => send({ id: req.id, ok: true, result }),
    (err: unknown) => send({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
