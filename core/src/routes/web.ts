import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeErrors } from '../http/index.js';

/**
 * What the app may load, as a response header on its pages. Everything comes from this service:
 * its scripts and styles (no inline script), images from the vault or made in the page (data:,
 * blob: for attachments about to be sent), audio and video from the vault or recorded in the
 * page (blob:, a voice note played back before it is sent), the API and the event stream, the
 * service worker.
 * Nothing from another host, no plugins, no framing, and forms post back here only. Styles
 * allow inline: the dialogs' scroll lock writes a <style> element whose text depends on the
 * scrollbar's width (without it, Chromium refuses it when the palette or a dialog opens).
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Vite names the files under static/ by their content hash: a name never changes meaning. */
const HASHED = `${path.sep}static${path.sep}`;

/**
 * The React build at `/` (assets under /static/), when it has been built, and the same page at
 * `/clip`: the bookmarklet opens it with a link to save, which the app shows and sends only once
 * the person confirms it there (the page itself changes nothing: a GET).
 */
export async function webRoutes(app: FastifyInstance, opts: { dist: string }): Promise<void> {
  // The pages and assets are files; a request refused before them (host, origin, token) gets the
  // API's JSON error. fastify-static registers a route per file: each declares it as ours do.
  const { responses } = routeErrors();
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, response: { ...responses, ...(route.schema?.response as object | undefined) } };
  });
  if (!existsSync(path.join(opts.dist, 'index.html'))) {
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('Knower is running. The web app is not built: run `npm run build`.\n'));
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.dist,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // Hashed assets are cached for good; everything else (index.html, the service worker, the
    // manifest) is revalidated on each load so a new release is picked up at once.
    cacheControl: false,
    setHeaders(reply, file) {
      reply.header('cache-control', file.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (file.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
      if (file.endsWith('.html')) reply.header('content-security-policy', APP_CSP).header('referrer-policy', 'same-origin');
    },
  });
  app.get('/clip', (_request, reply) => reply.sendFile('index.html'));
}
