import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createDeepSearch } from './deep-search.js';
import { createEmbedder } from './embed-runner.js';
import { createModelDetector } from './models/model-detect.js';
import { createModelPuller } from './models/model-puller.js';
import { qmdConfigFile } from './qmd-collection.js';
import { createQmdContext, killChild, prepareNode, prepareQmd } from './qmd-process.js';
import { createSearchRun } from './run-search.js';
import { clampLimit, parseScope } from './search-query.js';
import { createSearchWorkers } from './search-workers.js';
import type { ModelsStatus, QmdOptions, QmdStatus, SearchEngine, SearchQuery, SearchResult, SyncResult } from './types.js';
import { createWorkerHost, type ArgsOf, type CallOptions, type WorkerCall } from './worker-client.js';
import type { OpenArgs, RequestOp, Results } from './worker/protocol.js';
import { MemoryStore } from './worker/memory-store.js';
import { VaultScanner } from './worker/vault-scanner.js';

/** A worker that dies this often within a minute is not coming back: the engine degrades. */
const MAX_STARTS_PER_MINUTE = 3;

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
  const indexer = host.lane('index', { open: { role: 'index', dbPath, root: opts.vaultRoot, legacyDbPath: ctx.env.INDEX_PATH as string } });
  const searchOpen: OpenArgs = { role: 'search', dbPath, root: opts.vaultRoot, deadlineMs: timeouts.searchBudgetMs + SEARCH_DEADLINE_GRACE_MS };
  const searchers = createSearchWorkers({
    clients: Array.from({ length: opts.searchWorkers ?? 2 }, (_, i) => host.lane(`search-${String(i + 1)}`, { open: searchOpen, ...(opts.searchWorkerEntry && { entry: opts.searchWorkerEntry }) })),
    slowMs: timeouts.slowSearchMs,
    budgetMs: timeouts.searchBudgetMs,
    log,
  });
  // When the index worker cannot run, files are still looked at (listing, sizes, metadata), in this process.
  let fallback: VaultScanner | undefined;
  /** Why the index cannot serve; the engine is degraded while it is set. */
  let problem: string | undefined;
  let version: string | undefined;
  let documents: number | undefined;
  let complete = false;
  let lastSync: QmdStatus['lastSync'];
  let closed = false;
  let initRun: Promise<void> | undefined;
  const starts: number[] = [];

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
    const opened = await indexer.call('status', undefined, { timeoutMs: timeouts.syncMs });
    if (!opened.ok) return degrade(`the search index could not open: ${opened.error}`);
    documents = opened.value.documents;
    complete = opened.value.complete;
    if (indexer.opened?.rebuilt) log('warn', 'search index rebuilt', { reason: indexer.opened.rebuilt });
    log('info', 'search index ready', { documents, complete });
  }

  const init = () => (initRun ??= runInit());

  function modelsStatus(): ModelsStatus {
    const state = models.last();
    return { present: state?.deep ?? false, missing: state?.missing ?? [], ...(state && { cacheDir: state.cacheDir }), pull: puller.state() };
  }

  /** An index worker call with crash recovery: a crashed worker restarts on the next call, within limits. */
  async function viaIndexer<Op extends RequestOp>(op: Op, args: ArgsOf<Op>, callOpts?: CallOptions): Promise<WorkerCall<Results[Op]>> {
    for (;;) {
      const before = indexer.starts;
      const res = await indexer.call(op, args, callOpts);
      if (res.ok || res.timedOut || closed || (indexer.starts === before && !/exited/.test(res.error))) return res;
      const now = Date.now();
      starts.push(now);
      while (starts.length && starts[0]! < now - 60_000) starts.shift();
      if (starts.length > MAX_STARTS_PER_MINUTE) {
        degrade(`the index worker keeps crashing (${res.error})`);
        return res;
      }
      log('warn', 'index worker crashed; restarting it', { error: res.error });
    }
  }

  function noteSync(result: SyncResult, ms: number): void {
    if (result.documents !== undefined) documents = result.documents;
    if (result.upserts.some((f) => f.indexed) || result.removed.length > 0) embedder.markChanged();
    lastSync = { at: new Date().toISOString(), ms, ok: true, files: result.upserts.length + result.removed.length };
  }

  const run = createSearchRun({ searchers, deep, partial: () => !complete });

  return {
    init,

    async scan(onBatch) {
      await init();
      if (fallback) return fallback.scan(onBatch, () => new Promise((r) => setImmediate(r)));
      const started = Date.now();
      const res = await viaIndexer('scan', undefined, {
        onBatch: (batch, progress) => {
          noteSync(batch, Date.now() - started);
          onBatch(batch, progress);
        },
      });
      if (res.ok) {
        complete = true;
        return res.value;
      }
      degrade(`the index worker failed while scanning the vault: ${res.error}`);
      return fallback!.scan(onBatch, () => new Promise((r) => setImmediate(r)));
    },

    async sync(paths) {
      await init();
      if (fallback) return fallback.sync(paths);
      const started = Date.now();
      const res = await viaIndexer('sync', { paths: [...paths] }, { timeoutMs: timeouts.syncMs });
      if (res.ok) {
        noteSync(res.value, Date.now() - started);
        return res.value;
      }
      lastSync = { at: new Date().toISOString(), ms: Date.now() - started, ok: false, files: paths.length, error: res.error };
      log('warn', 'index worker could not sync; looking at the files without indexing them', { error: res.error });
      // The listing must not wait on search: look at the files here; the index catches up later.
      return (fallback ?? new VaultScanner(opts.vaultRoot, new MemoryStore())).sync(paths);
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
      return run(query, mode, clampLimit(q.limit), scope.prefix);
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
      const degraded = closed ? 'search engine is closed' : (problem ?? search.slow);
      return {
        available: !closed && problem === undefined,
        ...(degraded !== undefined && { degraded }),
        ...(version && { version }),
        ...(documents !== undefined && { documents }),
        partial: !complete,
        workerStarts: indexer.starts,
        ...(indexer.pid !== undefined && { workerPid: indexer.pid }),
        search,
        ...(lastSync && { lastSync }),
        embeddings: embedder.state(),
        models: modelsStatus(),
      };
    },

    async coverage() {
      await init();
      if (closed || problem) return undefined;
      const res = await viaIndexer('status', undefined, { timeoutMs: timeouts.searchMs });
      if (!res.ok) return undefined;
      // Vectors live in qmd's own index, which Knower does not read (docs/adr-0001): every note
      // counts as waiting until an embed run has covered the vault as it is now.
      const embedded = embedder.ready() && !embedder.state().pending;
      return { documents: res.value.documents, needsEmbedding: embedded ? 0 : res.value.documents };
    },

    async purge() {
      await init();
      const lexical = fallback ? { ok: true as const } : await viaIndexer('purge', undefined, { timeoutMs: timeouts.syncMs });
      const qmd = await embedder.purge();
      const errors = [...(lexical.ok ? [] : [`the search index: ${lexical.error}`]), ...(qmd.ok ? [] : [`qmd's index: ${qmd.error ?? 'failed'}`])];
      return errors.length ? { ok: false, error: errors.join('; ') } : { ok: true };
    },

    async close() {
      closed = true;
      embedder.stop();
      puller.stop();
      await Promise.all([indexer.close(), searchers.close()]);
      await host.close();
      for (const child of ctx.children) killChild(child);
    },
  };
}
