/**
 * The index worker: a Node 22 child process that owns qmd's database (qmd 2.x needs Node 22,
 * and its SQLite work runs here, on another core, where a native crash cannot take the service
 * down). It is the one writer of the index: the service sends it the paths that changed, it
 * reads them, indexes them, and answers searches from the same connection.
 */
import { readFile } from 'node:fs/promises';
import { createStore, type QMDStore } from '@tobilu/qmd';
import { QMD_COLLECTION } from '../../vault/indexed-set.js';
import { buildMatch, wantedTerms } from './fts-query.js';
import { NoteStore } from './note-store.js';
import type { OpenArgs, OpenResult, Reply, Request, Results, SearchArgs, SearchOutcome, StatusResult, WorkerHit } from './protocol.js';
import { snippetFor } from './snippet.js';
import { VaultScanner } from './vault-scanner.js';

interface Opened {
  qmd: QMDStore;
  notes: NoteStore;
  scanner: VaultScanner;
}

let opened: Opened | undefined;

const send = (reply: Reply) => process.send?.(reply);
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

async function qmdVersion(): Promise<string> {
  const pkg = new URL('../package.json', import.meta.resolve('@tobilu/qmd'));
  return (JSON.parse(await readFile(pkg, 'utf8')) as { version: string }).version;
}

async function open(args: OpenArgs): Promise<OpenResult> {
  const version = await qmdVersion();
  if (version !== args.expectQmdVersion) {
    throw new Error(`qmd ${version} is installed but Knower is built for qmd ${args.expectQmdVersion} (it writes qmd's index directly): run \`npm ci\` to install the pinned version`);
  }
  const qmd = await createStore({ dbPath: args.dbPath, configPath: args.configPath });
  const db = qmd.internal.db;
  const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name IN ('documents_ai', 'documents_au')").all();
  if (triggers.length !== 2) throw new Error(`qmd's index at ${args.dbPath} lacks the triggers qmd ${version} installs; delete it to rebuild`);
  const notes = new NoteStore(db, args.collection);
  const current = (await qmd.listCollections()).find((c) => c.name === args.collection);
  if (current?.pwd !== args.root) {
    // A new vault, or the vault moved: what was indexed belongs to another folder.
    notes.transaction(() => notes.remove(''));
    await qmd.addCollection(args.collection, { path: args.root, pattern: QMD_COLLECTION.pattern, ignore: [...QMD_COLLECTION.ignore] });
  }
  opened = { qmd, notes, scanner: new VaultScanner(args.root, notes) };
  return { qmdVersion: version, documents: notes.documents() };
}

function need(): Opened {
  if (!opened) throw new Error('the index worker has not opened its database');
  return opened;
}

function search({ query, limit, prefix }: SearchArgs): SearchOutcome {
  const match = buildMatch(query);
  if (!match) return { ok: true, hits: [] };
  const terms = wantedTerms(query);
  try {
    const rows = need().notes.search(match, limit, prefix);
    const hits = rows.map((r) => ({ path: r.path, title: r.title, score: Math.abs(r.score) / (1 + Math.abs(r.score)), snippet: snippetFor(r.doc, terms) }));
    return { ok: true, hits };
  } catch (err) {
    // FTS5 refuses some expressions (e.g. a term the tokenizer reduces to nothing inside NOT).
    return { ok: false, error: (err as Error).message, rejected: /fts5|syntax/i.test((err as Error).message) };
  }
}

function describe({ paths, query }: { paths: string[]; query: string }): WorkerHit[] {
  const terms = wantedTerms(query);
  return need().notes.describe(paths).map((r) => ({ path: r.path, title: r.title, score: 0, snippet: snippetFor(r.doc, terms) }));
}

async function status(): Promise<StatusResult> {
  const { qmd, notes } = need();
  return { documents: notes.documents(), needsEmbedding: qmd.internal.getHashesNeedingEmbedding() };
}

async function handle(req: Request): Promise<Results[Request['op']]> {
  switch (req.op) {
    case 'open':
      return open(req.args);
    case 'scan':
      return need().scanner.scan((batch, progress) => send({ id: req.id, event: 'batch', batch, progress }), pause);
    case 'sync':
      return need().scanner.sync(req.args.paths);
    case 'search':
      return search(req.args);
    case 'describe':
      return describe(req.args);
    case 'status':
      return status();
  }
}

process.on('message', (req: Request) => {
  handle(req).then(
    (result) => send({ id: req.id, ok: true, result }),
    (err: unknown) => send({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The service went away: so does its worker.
process.on('disconnect', () => {
  void opened?.qmd.close().finally(() => process.exit(0));
  if (!opened) process.exit(0);
});
