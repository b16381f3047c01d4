import { join } from 'node:path';
import { ensureCollection } from './collection-setup.js';
import { createEmbedder } from './embed-runner.js';
import { createModelDetector } from './model-detect.js';
import { createMcpClient } from './qmd-mcp-client.js';
import { parseIndexSummary } from './qmd-output.js';
import { createQmdContext, killChild, prepareQmd, runQmd } from './qmd-process.js';
import { createFastSearch } from './qmd-search.js';
import { createSearchRunner } from './run-search.js';
import { createSerialLock } from './serial-lock.js';
import type { QmdOptions, QmdStatus, SearchEngine } from './types.js';
import { createUpdateRunner } from './update-runner.js';

export function createSearchEngine(opts: QmdOptions): SearchEngine {
  const t = opts.timeouts ?? {};
  const timeouts = {
    searchMs: t.searchMs ?? 5_000,
    // ~0.35 s at 1k notes and ~1.7 s at 10k on 2 cores; generous for slow disks and huge vaults.
    updateMs: t.updateMs ?? 120_000,
    deepMs: t.deepMs ?? 20_000,
    embedMs: t.embedMs ?? 30 * 60_000,
  };
  const log = opts.log ?? (() => undefined);
  const ctx = createQmdContext(opts);
  const writer = createSerialLock();
  const mcp = createMcpClient(ctx);
  const models = createModelDetector(ctx.env, join(ctx.qmdDir, 'index.yml'));
  let closed = false;
  let initRun: Promise<void> | null = null;
  let initialized = false;
  let installProblem: string | undefined;
  let initProblem: string | undefined = 'qmd not initialized yet';
  let searchFault: string | undefined;
  let documents: number | undefined;
  let lastUpdate: QmdStatus['lastUpdate'];

  async function ready(): Promise<string | null> {
    if (closed) return 'search engine is closed';
    const missing = await prepareQmd(ctx);
    installProblem = missing ?? undefined;
    return missing;
  }

  const embedder = createEmbedder({ ctx, writer, models, embedMs: timeouts.embedMs, log, ready });

  async function runInit(): Promise<void> {
    void models.get();
    const missing = await ready();
    if (missing) return void log('error', 'qmd unavailable', { reason: missing });
    const spec = { vaultRoot: opts.vaultRoot, name: opts.collection, mask: opts.mask };
    const setup = await writer.run(() => ensureCollection(ctx, spec, timeouts.updateMs));
    if (!setup.ok) {
      initProblem = `qmd could not set up its collection: ${setup.error}`;
      return void log('error', 'qmd collection setup failed', { error: setup.error });
    }
    // The MCP child's store was opened on the old collection config.
    if (setup.changed) mcp.restart();
    if (setup.summary?.documents !== undefined) documents = setup.summary.documents;
    if (setup.summary?.needsEmbedding) embedder.markChanged();
    initialized = true;
    initProblem = undefined;
    log('info', 'qmd collection ready', { collection: opts.collection, changed: setup.changed });
  }

  async function runUpdate(): Promise<boolean> {
    const unavailable = await ready();
    if (unavailable) {
      lastUpdate = { at: new Date().toISOString(), ms: 0, ok: false, error: unavailable };
      return false;
    }
    const run = await writer.run(() => runQmd(ctx, ['update'], timeouts.updateMs));
    lastUpdate = { at: new Date().toISOString(), ms: run.ms, ok: run.ok, ...(!run.ok && { error: run.error }) };
    if (!run.ok) {
      log('warn', 'qmd update failed', { error: run.error });
      return false;
    }
    const summary = parseIndexSummary(run.stdout);
    if (summary.documents !== undefined) documents = summary.documents;
    if (summary.needsEmbedding) embedder.markChanged();
    return true;
  }
  const updates = createUpdateRunner(runUpdate);

  const search = createSearchRunner({
    ctx,
    vaultRoot: opts.vaultRoot,
    collection: opts.collection,
    fast: createFastSearch(ctx, mcp, opts.collection, log),
    models,
    timeouts,
    async ready() {
      const missing = await ready();
      // A search during start-up waits for the collection, within its own time budget.
      if (!missing && initRun) await Promise.race([initRun, new Promise((r) => setTimeout(r, timeouts.searchMs).unref())]);
      return missing;
    },
    onOutcome(error) {
      searchFault = error ?? undefined;
    },
  });

  return {
    init() {
      if (initialized) return Promise.resolve();
      initRun ??= runInit().finally(() => {
        initRun = null;
      });
      return initRun;
    },
    scheduleUpdate: () => updates.schedule(),
    update: () => updates.request(),
    whenIdle: () => updates.whenIdle(),
    search,
    embed: () => embedder.embed(),
    markChanged: () => embedder.markChanged(),
    startEmbedTimer: (intervalS) => embedder.startTimer(intervalS),
    status(): QmdStatus {
      const degraded = closed ? 'search engine is closed' : (installProblem ?? initProblem ?? searchFault);
      return {
        available: degraded === undefined,
        ...(degraded !== undefined && { degraded }),
        ...(lastUpdate && { lastUpdate }),
        updateRuns: updates.runs,
        updating: updates.running,
        ...(documents !== undefined && { documents }),
        embeddings: embedder.state(),
      };
    },
    async close() {
      closed = true;
      embedder.stop();
      await mcp.stop();
      for (const child of ctx.children) killChild(child);
    },
  };
}
