import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/index.js';
import { describeError, sendError, validationError } from './http/index.js';
import { createKnower, type Knower, type KnowerDeps } from './knower.js';
import { mcpRoutes } from './mcp/index.js';
import {
  activityRoutes,
  briefRoutes,
  healthRoutes,
  historyRoutes,
  inboxRoutes,
  questionRoutes,
  searchRoutes,
  shareRoutes,
  sseRoutes,
  statsRoutes,
  updateRoutes,
  vaultRoutes,
  webRoutes,
} from './routes/index.js';
import { securityPlugin } from './security/index.js';

export type { Knower } from './knower.js';

export interface AppDeps extends KnowerDeps {
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    knower: Knower;
  }
}

/** The service: the vault and its services (knower.ts), behind the HTTP edge. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({ logger: deps.logger ?? { level: config.logLevel }, bodyLimit: 1024 * 1024, schemaErrorFormatter: validationError });
  // Requests are checked against the zod schemas of api/, which also type the handlers.
  app.setValidatorCompiler(validatorCompiler);
  const knower: Knower = await createKnower(deps, app.log);
  app.decorate('knower', knower);
  app.addHook('onClose', () => knower.close());
  await registerEdge(app, config);
  return app;
}

/** Errors in one shape, then the routes: security first, so its checks cover every route after it. */
async function registerEdge(app: FastifyInstance, config: Config): Promise<void> {
  app.setErrorHandler((error: { statusCode?: number; validation?: unknown; code?: string; message: string }, request, reply) => {
    const { status, error: code, message } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, status, code, message);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`));

  // First: its onRequest hook (Host, Origin, token) must cover every route registered after it.
  await app.register(securityPlugin, { token: config.token, host: config.host, allowedHosts: config.allowedHosts, stateDir: config.stateDir });
  // JSON, the listing and the web assets go out compressed. The event streams (/sse, /mcp) take
  // over the raw response (hijack) and never pass through it, so they stay unbuffered.
  // Brotli's window at 256 kB instead of 4 MB: each streamed response (the flat listing, a web
  // asset) gets a window-sized encoder outside the JS heap, which the allocator keeps; twenty flat
  // listings of 100k files left the service 128 MB bigger. They compress as well either way.
  const brotliParams = { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 };
  await app.register(compress, { threshold: 1024, brotliOptions: { params: brotliParams } });
  await app.register(healthRoutes);
  await app.register(vaultRoutes);
  await app.register(searchRoutes);
  await app.register(inboxRoutes);
  await app.register(updateRoutes);
  await app.register(shareRoutes);
  await app.register(questionRoutes);
  await app.register(historyRoutes);
  await app.register(activityRoutes);
  await app.register(sseRoutes);
  await app.register(statsRoutes);
  await app.register(briefRoutes);
  await app.register(mcpRoutes);
  await app.register(webRoutes, { dist: config.webDist });
}
