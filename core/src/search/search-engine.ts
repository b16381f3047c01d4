import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createDeepSearch } from './deep-search.js';
import { createEmbedder } from './embed-runner.js';
import { createModelDetector } from './models/model-detect.js';
import { createModelPuller } from './models/model-puller.js';
import { qmdConfigFile } from './qmd-collection.js';
import { createQmdContext, killChild, prepareNode, prepareQmd } from './qmd-process.js';
import { createIndexKeeper } from './index-keeper.js';
import { createSearchRun } from './run-search.js';
import { clampLimit, parseScope } from './search-query.js';
import { createSearchWorkers } from './search-workers.js';
import type { ModelsStatus, QmdOptions, QmdStatus, SearchEngine, SearchQuery, SearchResult } from './types.js';
import { createWorkerHost } from './worker-client.js';
import type { OpenArgs } from './worker/protocol.js';
import { MemoryStore } from './worker/memory-store.js';
import { VaultScanner } from './worker/vault-scanner.js';

const HOUR = 60 * 60_000;

/**
 * A search is stopped at its budget by the service; SQLite interrupts it just after, which is
 * what ends a thread stopped while inside native code.
 */
const SEARCH_DEADLINE_GRACE_MS = 250;

export function createSearchEngine(opts: QmdOptions): SearchEngine {
  const t = opts.timeouts ?? {};
  const timeouts = {
    searchMs: t.searchMs ?? 5_000,
    syncMs: t.syncMs ?? 120_000,
    deepMs: t.deepMs ?? 20_000,
    embedMs: t.embedMs ?? 30 * 60_000,
    slowSearchMs: t.slowSearchMs ?? 1_000,
    searchBudgetMs: t.searchBudgetMs ?? 5_000,
  };
  const log = opts.log ?? (() => undefined);
  const ctx = createQmdContext(opts);
  const models = createModelDetector(ctx.env, qmdConfigFile(ctx));
  const dbPath = join(opts.stateDir, 'search', 'index.sqlite');
  // One worker process; the indexer and each searcher are threads of it (lanes).
  const host = createWorkerHost({ nodeBinary: opts.nodeBinary, cwd: dirname(dbPath), env: ctx.env });
  // Earlier versions kept their facts inside qmd's database, at qmd's INDEX_PATH.
  const indexer = host.lane('index', {
    open: { role: 'index', dbPath, root: opts.vaultRoot, legacyDbPath: ctx.env.INDEX_PATH as string },
    ...(opts.indexWorkerEntry && { entry: opts.indexWorkerEntry }),
  });
  const searchOpen: OpenArgs = { role: 'search', dbPath, root: opts.vaultRoot, deadlineMs: timeouts.searchBudgetMs + SEARCH_DEADLINE_GRACE_MS };
  const searchers = createSearchWorkers({
    clients: Array.from({ length: opts.searchWorkers ?? 2 }, (_, i) => host.lane(`search-${String(i + 1)}`, { open: searchOpen, ...(opts.searchWorkerEntry && { entry: opts.searchWorkerEntry }) })),
    slowMs: timeouts.slowSearchMs,
    budgetMs: timeouts.searchBudgetMs,
    log,
    onDamage: (why) => keeper.damaged(why),
  });
  const keeper = createIndexKeeper({ indexer, searchers, log, syncMs: timeouts.syncMs, closed: () => closed, changed: () => embedder.markChanged() });
  // When the index worker cannot run, files are still looked at (listing, sizes, metadata), in this process.
  let fallback: VaultScanner | undefined;
  /** Why the index cannot serve; the engine is degraded while it is set. */
  let problem: string | undefined;
  let version: string | undefined;
  let closed = false;
  let initRun: Promise<void> | undefined;

  const embedder = createEmbedder({
    ctx,
    models,
    collection: opts.collection,
    root: opts.vaultRoot,
    embedMs: timeouts.embedMs,
    log,
    ready: async () => (closed ? 'search engine is closed' : await prepareQmd(ctx)),
  });
  const deep = createDeepSearch(ctx, opts.collection, models, timeouts.deepMs, () => embedder.ready());
  const m = opts.models ?? {};
  const puller = createModelPuller({
    detector: models,
    baseUrl: m.baseUrl ?? 'https://huggingface.co',
    stallMs: m.stallMs ?? 60_000,
    deadlineMs: m.deadlineMs ?? 4 * HOUR,
    log,
    ...(m.fetchImpl && { fetchImpl: m.fetchImpl }),
  });

  function degrade(reason: string): void {
    problem = reason;
    fallback ??= new VaultScanner(opts.vaultRoot, new MemoryStore());
    log('error', 'search index unavailable; the vault is still listed, search is not', { reason });
  }

  async function pullModels() {
    const outcome = await puller.pull();
    // Fresh models: qmd's index is built and embedded now rather than at the next tick.
    if (outcome.ok && outcome.fetched.length > 0 && !closed) void embedder.embed();
    return outcome;
  }

  async function runInit(): Promise<void> {
    void models.get().then((state) => {
      if (m.autoPull && !state.deep && !closed) void pullModels();
    });
    version = await readFile(join(dirname(opts.cliPath), '../../package.json'), 'utf8').then(
      (p) => (JSON.parse(p) as { version?: string }).version,
      () => undefined,
    );
    const missing = await prepareNode(ctx);
    if (missing) return degrade(missing);
    await mkdir(dirname(dbPath), { recursive: true });
    const opened = await keeper.open();
    if (!opened.ok) return degrade(`the search index could not open: ${opened.error}`);
    log('info', 'search index ready', { documents: opened.value.documents, complete: opened.value.complete });
  }

  const init = () => (initRun ??= runInit());

  function modelsStatus(): ModelsStatus {
    const state = models.last();
    return { present: state?.deep ?? false, missing: state?.missing ?? [], ...(state && { cacheDir: state.cacheDir }), pull: puller.state() };
  }

  const run = createSearchRun({ searchers, deep, partial: () => !keeper.complete });
  const inMemory = () => fallback ?? new VaultScanner(opts.vaultRoot, new MemoryStore());

  return {
    init,

    async scan(onBatch) {
      await init();
      if (fallback) return fallback.scan(onBatch, () => new Promise((r) => setImmediate(r)));
      const res = await keeper.scan(onBatch);
      if (res.ok) return res.value;
      degrade(`the index worker failed while scanning the vault: ${res.error}`);
      return fallback!.scan(onBatch, () => new Promise((r) => setImmediate(r)));
    },

    async sync(paths) {
      await init();
      if (fallback) return fallback.sync(paths);
      const res = await keeper.sync(paths);
      if (res !== 'owed' && res.ok) return res.value;
      if (res !== 'owed') log('warn', 'index worker could not sync; looking at the files without indexing them', { error: res.error });
      // The listing must not wait on search: look at the files here; the index takes them when it can.
      return inMemory().sync(paths);
    },

    async search(q: SearchQuery): Promise<SearchResult> {
      const mode = q.mode ?? 'fast';
      const query = q.query.replace(/\s+/g, ' ').trim();
      if (query === '') return { results: [], mode };
      if (closed) return { results: [], mode, degraded: 'search engine is closed' };
      const scope = parseScope(q.scope);
      if (!scope.ok) return { results: [], mode, degraded: scope.error };
      const started = await Promise.race([init().then(() => true), new Promise<false>((r) => setTimeout(() => r(false), timeouts.searchMs).unref())]);
      if (!started) return { results: [], mode, partial: true, degraded: 'the search index is still starting; try again in a moment' };
      if (problem) return { results: [], mode, degraded: problem };
      const result = await run({ query, limit: clampLimit(q.limit), prefix: scope.prefix, context: q.context }, mode);
      // Restarting or rebuilding: what answers (or does not) says why.
      const why = keeper.problem();
      return why && !result.degraded?.includes(why) ? { ...result, degraded: result.degraded ? `${why}; ${result.degraded}` : why } : result;
    },

    embed: () => embedder.embed(),
    startEmbedTimer: (intervalS) => embedder.startTimer(intervalS),
    pullModels,

    // Answered once the models were looked at on disk: the look made at start may still be under way.
    async models() {
      await models.get();
      return modelsStatus();
    },

    status(): QmdStatus {
      const search = searchers.status();
      const degraded = closed ? 'search engine is closed' : (problem ?? keeper.problem() ?? search.slow);
      return {
        available: !closed && problem === undefined,
        ...(degraded !== undefined && { degraded }),
        ...(version && { version }),
        ...keeper.status(),
        workerStarts: indexer.starts,
        ...(indexer.pid !== undefined && { workerPid: indexer.pid }),
        search,
        embeddings: embedder.state(),
        models: modelsStatus(),
      };
    },

    async coverage() {
      await init();
      if (closed || problem) return undefined;
      const documents = await keeper.documents(timeouts.searchMs);
      if (documents === undefined) return undefined;
      // Vectors live in qmd's own index, which Knower does not read (docs/adr-0001): every note
      // counts as waiting until an embed run has covered the vault as it is now.
      const embedded = embedder.ready() && !embedder.state().pending;
      return { documents, needsEmbedding: embedded ? 0 : documents };
    },

    async purge() {
      await init();
      const lexical = fallback ? { ok: true as const } : await keeper.purge();
      const qmd = await embedder.purge();
      const errors = [...(lexical.ok ? [] : [`the search index: ${lexical.error}`]), ...(qmd.ok ? [] : [`qmd's index: ${qmd.error ?? 'failed'}`])];
      return errors.length ? { ok: false, error: errors.join('; ') } : { ok: true };
    },

    async close() {
      closed = true;
      keeper.close();
      embedder.stop();
      puller.stop();
      await Promise.all([indexer.close(), searchers.close()]);
      await host.close();
      for (const child of ctx.children) killChild(child);
    },
  };
}
