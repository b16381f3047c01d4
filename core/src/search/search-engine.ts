import { join } from 'node:path';
import { createDeepSearch } from './deep-search.js';
import { createEmbedder } from './embed-runner.js';
import { createModelDetector } from './model-detect.js';
import { createQmdContext, killChild, prepareNode, prepareQmd } from './qmd-process.js';
import { clampLimit, parseScope } from './search-query.js';
import type { QmdOptions, QmdStatus, SearchEngine, SearchQuery, SearchResult, SyncResult } from './types.js';
import { createWorkerClient, type ArgsOf, type CallOptions, type WorkerCall } from './worker-client.js';
import type { RequestOp, Results } from './worker/protocol.js';
import { MemoryStore } from './worker/memory-store.js';
import { VaultScanner } from './worker/vault-scanner.js';

/** Knower writes qmd's index itself (schema and triggers of this version): anything else is refused. */
export const QMD_VERSION = '2.8.3';

/** A worker that dies this often within a minute is not coming back: the engine degrades. */
const MAX_STARTS_PER_MINUTE = 3;

export function createSearchEngine(opts: QmdOptions): SearchEngine {
  const t = opts.timeouts ?? {};
  const timeouts = { searchMs: t.searchMs ?? 5_000, syncMs: t.syncMs ?? 120_000, deepMs: t.deepMs ?? 20_000, embedMs: t.embedMs ?? 30 * 60_000 };
  const log = opts.log ?? (() => undefined);
  const ctx = createQmdContext(opts);
  const models = createModelDetector(ctx.env, join(ctx.qmdDir, 'index.yml'));
  const client = createWorkerClient({
    nodeBinary: opts.nodeBinary,
    cwd: ctx.qmdDir,
    env: ctx.env,
    open: {
      dbPath: ctx.env.INDEX_PATH as string,
      configPath: join(ctx.qmdDir, 'index.yml'),
      collection: opts.collection,
      root: opts.vaultRoot,
      expectQmdVersion: QMD_VERSION,
    },
  });
  const deep = createDeepSearch(ctx, opts.collection, models, timeouts.deepMs);
  // When qmd cannot run, files are still looked at (listing, sizes, metadata), in this process.
  let fallback: VaultScanner | undefined;
  /** Why the index cannot serve; the engine is degraded while it is set. */
  let problem: string | undefined;
  let version: string | undefined;
  let documents: number | undefined;
  let lastSync: QmdStatus['lastSync'];
  let closed = false;
  let initRun: Promise<void> | undefined;
  const starts: number[] = [];

  const embedder = createEmbedder({ ctx, models, embedMs: timeouts.embedMs, log, ready: async () => (closed ? 'search engine is closed' : (problem ?? (await prepareQmd(ctx)))) });

  function degrade(reason: string): void {
    problem = reason;
    fallback ??= new VaultScanner(opts.vaultRoot, new MemoryStore());
    log('error', 'search index unavailable; the vault is still listed, search is not', { reason });
  }

  async function runInit(): Promise<void> {
    void models.get(); // /health shows whether deep search and embeddings can run
    const missing = await prepareNode(ctx);
    if (missing) return degrade(missing);
    const opened = await client.call('status', undefined, { timeoutMs: timeouts.syncMs });
    if (!opened.ok) return degrade(`the search index could not open: ${opened.error}`);
    documents = opened.value.documents;
    version = client.opened?.qmdVersion;
    log('info', 'search index ready', { documents });
  }

  const init = () => (initRun ??= runInit());

  /** A worker call with crash recovery: a crashed worker restarts on the next call, within limits. */
  async function viaWorker<Op extends RequestOp>(op: Op, args: ArgsOf<Op>, callOpts?: CallOptions): Promise<WorkerCall<Results[Op]>> {
    for (;;) {
      const before = client.starts;
      const res = await client.call(op, args, callOpts);
      if (res.ok || res.timedOut || closed || (client.starts === before && !/exited/.test(res.error))) return res;
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

  return {
    init,

    async scan(onBatch) {
      await init();
      if (fallback) return fallback.scan(onBatch, () => new Promise((r) => setImmediate(r)));
      const started = Date.now();
      const res = await viaWorker('scan', undefined, {
        onBatch: (batch, progress) => {
          noteSync(batch, Date.now() - started);
          onBatch(batch, progress);
        },
      });
      if (res.ok) return res.value;
      degrade(`the index worker failed while scanning the vault: ${res.error}`);
      return fallback!.scan(onBatch, () => new Promise((r) => setImmediate(r)));
    },

    async sync(paths) {
      await init();
      if (fallback) return fallback.sync(paths);
      const started = Date.now();
      const res = await viaWorker('sync', { paths: [...paths] }, { timeoutMs: timeouts.syncMs });
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
      if (!started) return { results: [], mode, degraded: 'the search index is still starting; try again in a moment' };
      if (problem) return { results: [], mode, degraded: problem };
      const limit = clampLimit(q.limit);
      let deepFailure: string | undefined;
      if (mode === 'deep') {
        const found = await deep(query, scope.prefix ? Math.max(limit * 10, 100) : limit);
        if (found.ok) {
          const paths = found.paths.filter((p) => !scope.prefix || p.startsWith(scope.prefix)).slice(0, limit);
          const described = await client.call('describe', { paths, query }, { timeoutMs: timeouts.searchMs });
          if (described.ok) return { results: described.value.map((h, i) => ({ ...h, score: 1 / (i + 1) })), mode: 'deep' };
          deepFailure = `deep search results could not be read: ${described.error}`;
        } else deepFailure = found.error;
      }
      const res = await viaWorker('search', { query, limit, prefix: scope.prefix }, { timeoutMs: timeouts.searchMs });
      const degraded = (error: string) => ({ results: [], mode, degraded: [deepFailure, error].filter(Boolean).join('; ') });
      if (!res.ok) return degraded(`search failed: ${res.error}`);
      if (!res.value.ok) return degraded(res.value.rejected ? `the query could not be searched: ${res.value.error}` : `search failed: ${res.value.error}`);
      return { results: res.value.hits, mode: 'fast', ...(deepFailure !== undefined && { degraded: deepFailure }) };
    },

    embed: () => embedder.embed(),
    startEmbedTimer: (intervalS) => embedder.startTimer(intervalS),

    status(): QmdStatus {
      const degraded = closed ? 'search engine is closed' : problem;
      return {
        available: degraded === undefined,
        ...(degraded !== undefined && { degraded }),
        ...(version && { version }),
        ...(documents !== undefined && { documents }),
        workerStarts: client.starts,
        ...(client.pid !== undefined && { workerPid: client.pid }),
        ...(lastSync && { lastSync }),
        embeddings: embedder.state(),
      };
    },

    async coverage() {
      await init();
      if (closed || problem) return undefined;
      const res = await client.call('status', undefined, { timeoutMs: timeouts.searchMs });
      return res.ok ? res.value : undefined;
    },

    async close() {
      closed = true;
      embedder.stop();
      await client.close();
      for (const child of ctx.children) killChild(child);
    },
  };
}
