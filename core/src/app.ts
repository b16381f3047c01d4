import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAgents, modelDeps, type Agents } from './agents/index.js';
import type { Config } from './config/index.js';
import { createEventBus, type EventBus } from './events/index.js';
import { coalesce, countInboxItems, createBackgroundJob, createTreeWriter, startVaultSync, type BackgroundJob } from './jobs/index.js';
import type { Logger } from './logger.js';
import { createUpdateQueue, UpdateJournal, UpdateStore, type RetryPolicy, type UpdateQueue } from './queue/index.js';
import { answerRoutes, healthRoutes, inboxRoutes, searchRoutes, sseRoutes, updateRoutes, vaultRoutes, webRoutes } from './routes/index.js';
import { describeError, sendError } from './routes/http-errors.js';
import { mcpRoutes } from './mcp/index.js';
import { createSearchEngine, guardVaultHits, type SearchEngine } from './search/index.js';
import { securityPlugin } from './security/index.js';
import { ensureSkeleton, QMD_MASK, settleWrites, VaultIndex } from './vault/index.js';
import { SelfWrites } from './watch/index.js';

export interface Knower {
  config: Config;
  /** The vault's real path: every path check compares against it. */
  root: string;
  index: VaultIndex;
  bus: EventBus;
  search: SearchEngine;
  job: BackgroundJob;
  agents: Agents;
  queue: UpdateQueue;
  watching(): boolean;
  /** Resolves when the start-up scan, the job, tree.md and the search index have all caught up. */
  whenSettled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    knower: Knower;
  }
}

export interface AppDeps {
  config: Config;
  clock?: () => Date;
  /** A search engine to use instead of qmd (tests of what sits around it). */
  search?: SearchEngine;
  logger?: FastifyServerOptions['logger'];
  /** How often and how patiently a failing update is retried (tests shorten the backoff). */
  retry?: RetryPolicy;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({ logger: deps.logger ?? { level: config.logLevel }, bodyLimit: 1024 * 1024 });
  const log: Logger = app.log;

  await mkdir(config.stateDir, { recursive: true });
  const created = await ensureSkeleton(config.vaultPath, clock());
  if (created.length) log.info({ created }, 'created the vault skeleton');
  const root = await realpath(config.vaultPath);

  const index = new VaultIndex();
  const bus = createEventBus();
  const selfWrites = new SelfWrites();
  const search = guardVaultHits(
    deps.search ??
    createSearchEngine({
      nodeBinary: config.qmd.nodeBinary,
      cliPath: config.qmd.cliPath,
      vaultRoot: root,
      stateDir: config.stateDir,
      collection: 'vault',
      mask: QMD_MASK,
      env: config.childEnv,
      log: (level, msg, extra) => log[level](extra ?? {}, msg),
    }),
    root,
  );
  const searchReady = search.init();

  // qmd update re-reads the whole vault each run: wait for a quiet moment, then one run.
  const indexUpdate = coalesce(async () => {
    await searchReady;
    search.markChanged();
    await search.update();
  }, 150);
  const treeWriter = createTreeWriter({ root, index, selfWrites, clock, log });
  let inboxCount = -1;
  const job = createBackgroundJob({
    root,
    index,
    selfWrites,
    clock,
    log,
    onIndexedChange: () => indexUpdate.schedule(),
    onListingChange: () => {
      treeWriter.schedule();
      const count = countInboxItems(index);
      if (count !== inboxCount) {
        if (inboxCount !== -1) bus.publish({ type: 'inbox_updated', data: { count } });
        inboxCount = count;
      }
    },
  });
  const sync = startVaultSync({ root, bus, job, selfWrites, log });
  const agents = createAgents({ root, index, search, clock, log, ...modelDeps(config.provider) });
  const store = new UpdateStore(config.stateDir, clock);
  const queue = createUpdateQueue({
    store,
    agents,
    bus,
    clock,
    log,
    journalFor: (id) => new UpdateJournal(path.join(store.folderOf(id), 'journal'), root, log),
    ...(deps.retry ? { retry: deps.retry } : {}),
  });
  let watching = false;
  void sync.ready.then(() => {
    watching = true;
    // Files may have changed while the service was down: always refresh the index once.
    indexUpdate.schedule();
    treeWriter.schedule();
  });
  // Accepted updates left from before a crash run again, once the agents can see the vault.
  sync.ready.then(() => queue.start()).catch((err: unknown) => log.error({ err }, 'could not load the update queue'));
  if (config.embedIntervalS > 0) search.startEmbedTimer(config.embedIntervalS);

  const knower: Knower = {
    config,
    root,
    index,
    bus,
    search,
    job,
    agents,
    queue,
    watching: () => watching,
    async whenSettled() {
      await sync.ready;
      do {
        await settleWrites();
        await job.whenIdle();
        await treeWriter.whenIdle();
        await indexUpdate.whenIdle();
        await search.whenIdle();
      } while (job.stats().pending > 0);
    },
  };
  app.decorate('knower', knower);

  app.addHook('onClose', async () => {
    await queue.close();
    await sync.close();
    job.close();
    await settleWrites();
    treeWriter.cancel();
    indexUpdate.cancel();
    await search.close();
  });

  app.setErrorHandler((error: { statusCode?: number; validation?: unknown; code?: string; message: string }, request, reply) => {
    const { status, error: code, message } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, status, code, message);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`),
  );

  // First: its onRequest hook (Host, Origin, token) must cover every route registered after it.
  await app.register(securityPlugin, { token: config.token, host: config.host, allowedHosts: config.allowedHosts });
  await app.register(healthRoutes);
  await app.register(vaultRoutes);
  await app.register(searchRoutes);
  await app.register(inboxRoutes);
  await app.register(updateRoutes);
  await app.register(answerRoutes);
  await app.register(sseRoutes);
  await app.register(mcpRoutes);
  await app.register(webRoutes, { dist: config.webDist });
  return app;
}
