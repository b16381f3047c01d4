import type { ModelDetector } from './model-detect.js';
import { runQmd, type QmdContext } from './qmd-process.js';
import type { QmdStatus, SearchLog } from './types.js';

export type EmbedOutcome = { ok: boolean; error?: string };

export interface Embedder {
  embed(): Promise<EmbedOutcome>;
  markChanged(): void;
  startTimer(intervalS: number): void;
  stop(): void;
  state(): QmdStatus['embeddings'];
}

export interface EmbedDeps {
  ctx: QmdContext;
  models: ModelDetector;
  embedMs: number;
  log: SearchLog;
  /** Why qmd cannot run at all, or null. */
  ready(): Promise<string | null>;
}

/** `qmd embed` on request or on a timer when something changed; never per file. */
export function createEmbedder(deps: EmbedDeps): Embedder {
  let changes = 0;
  let embeddedUpTo = 0;
  let running: Promise<EmbedOutcome> | null = null;
  let lastRun: { at: string; ok: boolean; error?: string } | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function runEmbed(): Promise<EmbedOutcome> {
    const unavailable = await deps.ready();
    if (unavailable) return { ok: false, error: unavailable };
    // Without the weights `qmd embed` hangs for minutes retrying a download: refuse up front.
    const models = await deps.models.get();
    if (!models.embed) {
      return { ok: false, error: `qmd's embedding model is not downloaded (looked in ${models.cacheDir}); run \`qmd pull\` on a machine with network access to fetch it` };
    }
    const startedAt = changes;
    // It writes qmd's database beside the index worker: SQLite's busy timeout (qmd sets 120 s)
    // queues the two writers at batch boundaries; neither changes the schema.
    const run = await runQmd(deps.ctx, ['embed'], deps.embedMs);
    let outcome: EmbedOutcome = { ok: true };
    if (!run.ok) outcome = { ok: false, error: run.error };
    // qmd's own lock makes a second embed print this and exit 0 without embedding anything.
    else if (/Another embed process is already running/.test(run.stdout)) {
      outcome = { ok: false, error: 'another qmd embed was already running; nothing was embedded' };
    }
    lastRun = { at: new Date().toISOString(), ...outcome };
    if (outcome.ok) embeddedUpTo = Math.max(embeddedUpTo, startedAt);
    else deps.log('warn', 'qmd embed failed', { error: outcome.error });
    return outcome;
  }

  function embed(): Promise<EmbedOutcome> {
    running ??= runEmbed().finally(() => {
      running = null;
    });
    return running;
  }

  async function tick(): Promise<void> {
    if (running || changes <= embeddedUpTo) return;
    if ((await deps.models.get()).embed) await embed();
  }

  return {
    embed,
    markChanged: () => {
      changes += 1;
    },
    startTimer(intervalS) {
      clearInterval(timer);
      timer = setInterval(() => void tick(), Math.max(1, intervalS) * 1000);
      timer.unref();
    },
    stop: () => clearInterval(timer),
    state: () => ({
      modelsPresent: deps.models.last()?.embed ?? false,
      pending: changes > embeddedUpTo,
      running: running !== null,
      ...(lastRun && { lastRun }),
    }),
  };
}
