// The service side of the web app's sidebar bench (apps/web/bench/tree-bench.ts): folder
// listings answered by core's own code over a synthetic index, and the production build of the
// web app, on one local port. The web bench starts this as a separate process and talks to it
// over HTTP only, like the app talks to the service.
//
// Run: tsx core/bench/tree-listing-server.ts <notes> <runs> <web dist folder>
// Prints one JSON line: { url, built (ms per root listing), root, flat (bytes raw/gzip) }.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { INBOX_DIR } from '../src/api/vault-layout.js';
import { REVIEW_FILE } from '../src/inbox/inbox-layout.js';
import { createIndexViews } from '../src/vault/index-views.js';
import { VaultIndex, type IndexEntry } from '../src/vault/vault-index.js';

const [notes, runs] = [Number(process.argv[2]), Number(process.argv[3] ?? 5)];
const dist = process.argv[4] ?? '';
if (!Number.isInteger(notes) || notes <= 0 || !dist) throw new Error('usage: tree-listing-server.ts <notes> <runs> <web dist folder>');

/** Projects of 200 notes each, plus one flat folder of 5,000 notes (the worst folder to open). */
function synthetic(count: number): IndexEntry[] {
  const entries: IndexEntry[] = [];
  const flat = Math.min(5000, Math.floor(count / 10));
  for (let i = 0; i < flat; i++) entries.push({ path: `bucket/clip-${i}.md`, kind: 'note', size: 900, tokens: 220, updated: '2025-03-01T08:00:00.000Z' });
  for (let i = 0; i < count - flat; i++) {
    entries.push({ path: `projects/project-${Math.floor(i / 200)}/notes/note-${i}.md`, kind: 'note', size: 1200, tokens: 300, updated: '2025-03-01T08:00:00.000Z' });
  }
  return entries;
}

const entries = synthetic(notes);
const index = new VaultIndex();
for (const entry of entries) index.set(entry);
const views = createIndexViews(index);

const built: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  views.folder('');
  built.push(performance.now() - t);
}
const sizes = (body: string) => ({ raw: body.length, gzip: gzipSync(body).length });

const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png' };
async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.pathname === '/vault/tree') return json(views.folder(url.searchParams.get('path') ?? ''));
  if (url.pathname === '/sse') return res.writeHead(200, { 'content-type': 'text/event-stream' }).write('retry: 100000\n\n');
  if (url.pathname === '/inbox') return json({ items: [] });
  if (url.pathname === '/health') return json({ provider: { name: 'offline' }, vault: { layout: { inbox: INBOX_DIR, review: REVIEW_FILE } } });
  if (url.pathname === '/sw.js') return res.writeHead(404).end();
  const file = path.join(dist, url.pathname === '/' ? 'index.html' : url.pathname);
  const body = await readFile(file).catch(() => undefined);
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
}

const server = createServer((req, res) => void handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error))));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const report = { url: `http://127.0.0.1:${address.port}`, built, root: sizes(JSON.stringify(views.folder(''))), flat: sizes(JSON.stringify({ files: entries })) };
  process.stdout.write(`${JSON.stringify(report)}\n`);
});
