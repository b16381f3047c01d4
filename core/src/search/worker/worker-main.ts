/**
 * A lane of the worker process (worker-host.ts): a thread around one connection to Knower's
 * search index. Opened as `index`, it is the one writer: the service sends it the paths that
 * changed, it reads them and indexes them. Opened as `search`, it answers searches from its own
 * connection, so a slow query never holds up indexing, and the service can stop it when a query
 * overruns.
 */
import { parentPort } from 'node:worker_threads';
import { planQuery } from './fts-query.js';
import { openForSearch } from './index-db.js';
import { openWriter, reopenWriter, type IndexWriter } from './index-writer.js';
import { NoteSearch } from './note-search.js';
import { readNoteText } from './note-text.js';
import { notePassage, pdfPassageText } from './passage.js';
import {
  isDamage,
  type DescribeArgs,
  type OpenArgs,
  type OpenResult,
  type Reply,
  type Request,
  type Results,
  type SearchArgs,
  type SearchOutcome,
  type StatusResult,
  type WorkerHit,
} from './protocol.js';
import { pdfSnippet, snippetFor } from './snippet.js';
import { createExtractor, EXTRACT_LIMITS, type Extractor } from '../../capture/index.js';
import { isPdf } from '../../vault/indexed-set.js';
import { budgetSentence, NOTE_BUDGET_BYTES, overBudget } from '../../vault/note-budget.js';
import type { Db } from './sqlite.js';

let db: Db | undefined;
let writer: IndexWriter | undefined;
let opening: OpenArgs | undefined;
let reader: NoteSearch | undefined;
/** Runs a search's SQLite work; search lanes ranking with the extension run it under their deadline. */
let underDeadline: <T>(work: () => T) => T = (work) => work();
let root = '';
/**
 * The index lane's PDF reader: a thread of its own, started when a PDF waits and ended once idle
 * (extractor.ts); each PDF bounded in time and pages, and in text by the per-note budget.
 */
let extractor: Extractor | undefined;
const readPdf = (bytes: Buffer) => (extractor ??= createExtractor({ pdf: { pages: EXTRACT_LIMITS.pdf.pages, chars: NOTE_BUDGET_BYTES } })).pdf(bytes);

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
  opening = args;
  return useWriter(openWriter(args, readPdf));
}

function useWriter(next: { writer: IndexWriter; opened: OpenResult }): OpenResult {
  writer = next.writer;
  db = writer.db;
  return next.opened;
}

function need<T>(part: T | undefined, role: string): T {
  if (!part) throw new Error(`this index worker was not opened to ${role}`);
  return part;
}

function search({ query, limit, prefix, context }: SearchArgs): SearchOutcome {
  const notes = need(reader, 'search');
  try {
    const plan = planQuery(query, notes.languages());
    if (!plan) return { ok: true, hits: [] };
    let asked = plan;
    let rows = underDeadline(() => notes.search(plan, limit, prefix));
    // A question typed without spaces is found nowhere as typed: asked again, cut into words.
    if (rows.length === 0 && plan.cut) {
      asked = plan.cut;
      rows = underDeadline(() => notes.search(asked, limit, prefix));
    }
    return { ok: true, hits: rows.flatMap((r) => hitOf(r, r.score, asked.words, { context })) };
  } catch (err) {
    // FTS5 refuses some expressions; the plan should never build one, but say so if it does.
    const { message, code } = err as { message: string; code?: string };
    return { ok: false, error: message, rejected: /fts5: syntax|syntax error/i.test(message), ...(isDamage(code) && { damaged: true as const }) };
  }
}

/** How much of a hit to show: neighbouring passages with its text (absent: none), the line deep search chose. */
interface HitShape {
  context?: number | undefined;
  line?: number | undefined;
}

/**
 * A hit as the service gets it, its snippet and best passage cut from the note as it is now
 * (with the passage's text and neighbours when asked: the index keeps no text); none when the
 * note is gone or is no regular file any more (a FIFO in its place is skipped, never waited on).
 */
function hitOf(row: { path: string; title: string }, score: number, words: readonly string[], shape: HitShape): WorkerHit[] {
  if (isPdf(row.path)) return pdfHitOf(row, score, words, shape);
  const note = readNoteText(root, row.path);
  if (!note) return [];
  const truncated = overBudget(note.size) ? { truncated: budgetSentence(note.size, 'searchable') } : {};
  const best = notePassage(note.text, words, { ...(shape.context !== undefined && { context: shape.context }), ...(shape.line !== undefined && { line: shape.line }) });
  const passage = best && { passage: best.passage, ...(best.text && { text: best.text.text, textSpan: best.text.span }) };
  return [{ path: row.path, title: row.title, score, snippet: snippetFor(note.text, words), ...truncated, ...passage }];
}

/** A hit on a PDF: its snippet and page (its passage) cut from the text the index keeps (the PDF is not read again). */
function pdfHitOf(row: { path: string; title: string }, score: number, words: readonly string[], { context }: HitShape): WorkerHit[] {
  const kept = need(reader, 'search').pdfText(row.path);
  if (!kept) return [];
  const { snippet, page } = pdfSnippet(kept.text, words);
  const around = context === undefined ? undefined : pdfPassageText(kept.text, page ?? 1, context);
  return [
    {
      path: row.path,
      title: row.title,
      score,
      snippet,
      ...(page !== undefined && { page }),
      ...(kept.said && { truncated: kept.said }),
      ...(around && { text: around.text, textSpan: around.span }),
    },
  ];
}

function describe({ paths, query, lines, context }: DescribeArgs): WorkerHit[] {
  const words = planQuery(query)?.words ?? [];
  return need(reader, 'search')
    .describe(paths)
    .flatMap((r) => hitOf(r, 0, words, { context, line: lines?.[r.path] }));
}

function status(): StatusResult {
  const { notes, setAside, pdfs } = need(writer, 'index');
  const complete = db?.prepare("SELECT 1 FROM meta WHERE key = 'complete'").get() !== undefined;
  return { documents: notes.documents(), complete, setAside: setAside.all(), pdfs: pdfs.counts() };
}

async function handle(req: Exclude<Request, { op: 'close' }>): Promise<Results[Request['op']]> {
  switch (req.op) {
    case 'open':
      return open(req.args);
    case 'scan': {
      const { scanner, notes, pdfs } = need(writer, 'index');
      const progress = await scanner.scan((batch, p) => send({ id: req.id, event: 'batch', batch: { ...batch, pdfs: pdfs.counts() }, progress: p }), pause);
      notes.compact();
      notes.checkpoint();
      return progress;
    }
    case 'sync': {
      const { scanner, notes, pdfs } = need(writer, 'index');
      const result = scanner.sync(req.args.paths);
      // After a bulk import or many edits: this one answer waits for the merge (~1 s at 100k notes).
      if (notes.compact()) notes.checkpoint();
      return { ...result, pdfs: pdfs.counts() };
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
    case 'rebuild':
      return useWriter(reopenWriter(need(writer, 'index'), need(opening, 'index'), readPdf, req.args.why));
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
    (err: unknown) => {
      // SQLite's code travels with the message: a damaged index is rebuilt by the service.
      const code = (err as { code?: unknown } | undefined)?.code;
      send({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err), ...(typeof code === 'string' && { code }) });
    },
  );
});
