import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noteSchema, PATH_ERROR_CODES, pathQuery, treeQuery } from '../api/index.js';
import type { IndexViews, NotePages, VaultIndex } from '../vault/index.js';
import { routeErrors } from '../http/index.js';
import { flatTreeStream } from './tree-stream.js';

const CONTENT_TYPES: Record<string, string> = {
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  // Audio and video a note embeds (`![[memo.m4a]]`) play in the page.
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
  '.webm': 'video/webm',
  '.3gp': 'video/3gpp',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.ogv': 'video/ogg',
  '.mkv': 'video/x-matroska',
};

const folderErrors = routeErrors('not_found');
/** A note or a file asked for by its path: the sandbox's refusals, nothing there, or not a note. */
const fileErrors = routeErrors(...PATH_ERROR_CODES, 'not_found', 'not_a_note');

/** What the vault routes read: its index, folder listings, notes and files. */
export interface VaultRouteServices {
  index: Pick<VaultIndex, 'revision' | 'list'>;
  views: Pick<IndexViews, 'folder'>;
  notes: NotePages;
}

/** GET /vault/tree (the listing), /vault/file (a note as the note view shows it), /vault/raw (a file's bytes). */
export async function vaultRoutes(base: FastifyInstance, { index, views, notes }: VaultRouteServices): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Without `path`: every file, flat and streamed (1.4 MB at 10k files; benches use it). With
  // `path` ('' for the root): one folder's direct children, which is what the web tree loads as
  // folders open. Both revalidate with an ETag instead of being resent: the flat one from the
  // index revision (the boot tells one process's revisions from another's), a folder's from its
  // content, so a change elsewhere in the vault still answers 304.
  // No success schema: both answers are sent already serialized (the flat one streamed), which the serializer never sees.
  const boot = randomBytes(4).toString('hex');
  app.get('/vault/tree', { schema: { querystring: treeQuery, response: folderErrors.responses } }, async (request, reply) => {
    const folder = request.query.path;
    reply.header('cache-control', 'no-cache');
    if (folder === undefined) {
      const etag = `"${boot}-${index.revision}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(flatTreeStream(index.list()));
    }
    const listing = views.folder(folder);
    if (!listing) return folderErrors.send(reply, 'not_found', `no folder at ${folder || 'the vault root'}`);
    const body = JSON.stringify(listing);
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/vault/file', { schema: { querystring: pathQuery, response: { 200: noteSchema, ...fileErrors.responses } } }, async (request, reply) => {
    const read = await notes.read(request.query.path);
    if (!read.ok) return fileErrors.send(reply, read.error, read.message);
    return read.page;
  });

  // No success schema: the file's own bytes, streamed.
  app.get('/vault/raw', { schema: { querystring: pathQuery, response: fileErrors.responses } }, async (request, reply) => {
    const file = await notes.raw(request.query.path);
    if (!file.ok) return fileErrors.send(reply, file.error, file.message);
    const type = CONTENT_TYPES[path.extname(file.rel).toLowerCase()] ?? 'application/octet-stream';
    return (
      reply
        .header('content-type', type)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        // A vault file is data, never a page of this origin (an SVG could carry script).
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'no-cache')
        .send(file.open())
    );
  });
}
