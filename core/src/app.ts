import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/index.js';
import { checkedSerializer, describeError, errorStatus, MAX_HEADER_BYTES, sendError, validationError } from './http/index.js';
import { createKnower, type Knower, type KnowerDeps } from './knower.js';
import { mcpRoutes } from './mcp/index.js';
import {
  activityRoutes,
  briefRoutes,
  forgetRoutes,
  healthRoutes,
  historyRoutes,
  inboxRoutes,
  questionRoutes,
  searchRoutes,
  shareRoutes,
  transcribeRoutes,
  sseRoutes,
  statsRoutes,
  updateRoutes,
  vaultLookupRoutes,
  vaultRoutes,
  webRoutes,
} from './routes/index.js';
import { securityPlugin } from './security/index.js';

export type { Knower } from './knower.js';

export interface AppDeps extends KnowerDeps {
  logger?: FastifyServerOptions['logger'];
}

/** The service: the vault and its services (knower.ts), behind the HTTP edge. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildService(deps)).app;
}

/** The HTTP edge and the services it was built on (tests and benches look at the services too). */
export async function buildService(deps: AppDeps): Promise<{ app: FastifyInstance; knower: Knower }> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Room for the longest valid query in a URL (http/header-limit.ts), and still a bound.
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    schemaErrorFormatter: validationError,
    // Behind a reverse proxy every request comes from the proxy: the sign-in throttle tells
    // clients apart by the address the proxy forwards, believed from the proxies named only.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  });
  // Requests are checked against the zod schemas of api/, which also type the handlers.
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against the response schemas of api/ the routes declare (http/response-check.ts).
  app.setSerializerCompiler(checkedSerializer);
  const knower = await createKnower(deps, app.log);
  app.addHook('onClose', () => knower.close());
  await registerEdge(app, knower, config);
  return { app, knower };
}

/**
 * Errors in one shape, then the routes, each given the services it uses: security first, so its
 * checks cover every route after it. (Exported for the test that walks every route it registers.)
 */
export async function registerEdge(app: FastifyInstance, k: Knower, config: Config): Promise<void> {
  app.setErrorHandler((error: { statusCode?: number; validation?: unknown; code?: string; message: string }, request, reply) => {
    const { code, message } = describeError(error);
    if (errorStatus(code) >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, code, message);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`));

  // First: its onRequest hook (Host, Origin, token) must cover every route registered after it.
  await app.register(securityPlugin, { token: config.token, host: config.host, allowedHosts: config.allowedHosts, stateDir: config.stateDir });
  // JSON, the listing and the web assets go out compressed. The event streams (/sse, /mcp) take
  // over the raw response (hijack) and never pass through it, so they stay unbuffered.
  // Brotli's window at 256 kB instead of 4 MB: each streamed response (the flat listing, a web
  // asset) gets a window-sized encoder outside the JS heap, which the allocator keeps; twenty flat
  // listings of 100k files left the service 128 MB bigger. They compress as well either way.
  const brotliParams = { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 };
  await app.register(compress, { threshold: 1024, brotliOptions: { params: brotliParams } });
  await app.register(healthRoutes, { health: k.health });
  await app.register(vaultRoutes, { index: k.index, views: k.views, notes: k.notes });
  await app.register(vaultLookupRoutes, { root: k.root, views: k.views, backlinks: k.backlinks });
  await app.register(searchRoutes, { search: k.search });
  await app.register(inboxRoutes, { inbox: k.inbox });
  await app.register(updateRoutes, { updates: k.updates, retries: k.retries, queue: k.queue });
  await app.register(shareRoutes, { updates: k.updates });
  await app.register(transcribeRoutes, { transcriptions: k.transcriptions });
  await app.register(questionRoutes, { questions: k.questions });
  await app.register(historyRoutes, { history: k.history });
  await app.register(forgetRoutes, { forget: k.forget });
  await app.register(activityRoutes, { activity: k.activity, questions: k.questions });
  await app.register(sseRoutes, { bus: k.bus });
  await app.register(statsRoutes, { stats: k.stats });
  await app.register(briefRoutes, { briefs: k.briefs });
  await app.register(mcpRoutes, { root: k.root, index: k.index, search: k.search, questions: k.questions, updates: k.updates, stats: k.stats });
  await app.register(webRoutes, { dist: config.webDist });
}
