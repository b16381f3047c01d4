import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelDetector } from './models/model-detect.js';
import { writeQmdConfig } from './qmd-collection.js';
import { runQmd, type QmdContext } from './qmd-process.js';
import type { QmdStatus, SearchLog } from './types.js';

export type EmbedOutcome = { ok: boolean; error?: string };

export interface Embedder {
  embed(): Promise<EmbedOutcome>;
  markChanged(): void;
  startTimer(intervalS: number): void;
  stop(): void;
  state(): QmdStatus['embeddings'];
  /** qmd's index has been built and embedded at least once: deep search has something to search. */
  ready(): boolean;
  /** qmd's index, where there is one, brought up to the vault and cleaned: nothing kept of text the vault no longer holds. */
  purge(): Promise<EmbedOutcome>;
}

export interface EmbedDeps {
  ctx: QmdContext;
  models: ModelDetector;
  collection: string;
  root: string;
  /** Bounds `qmd update` and `qmd embed` each. */
  embedMs: number;
  log: SearchLog;
  /** Why qmd cannot run at all, or null. */
  ready(): Promise<string | null>;
}

/**
 * qmd's own index, for deep search: `qmd update` (qmd reads the vault itself) then `qmd embed`,
 * on request or on a timer when something changed; never per file. Both are qmd writers of the
 * same database and run one after the other, never concurrently (two at once crash one of them).
 */
export function createEmbedder(deps: EmbedDeps): Embedder {
  let changes = 1; // the vault as it is at start has not been embedded by this run
  let embeddedUpTo = 0;
  let running: Promise<EmbedOutcome> | null = null;
  let lastRun: { at: string; ok: boolean; error?: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const marker = join(deps.ctx.qmdDir, 'embedded.json');

  async function runEmbed(): Promise<EmbedOutcome> {
    const unavailable = await deps.ready();
    if (unavailable) return { ok: false, error: unavailable };
    // Without the weights `qmd embed` hangs for minutes retrying a download: refuse up front.
    const models = await deps.models.get();
    if (!models.embed) {
      return { ok: false, error: `qmd's embedding model is not downloaded (looked in ${models.cacheDir}); run \`./knower models pull\` to download it` };
    }
    const startedAt = changes;
    await writeQmdConfig(deps.ctx, deps.collection, deps.root);
    const update = await runQmd(deps.ctx, ['update'], deps.embedMs);
    const run = update.ok ? await runQmd(deps.ctx, ['embed'], deps.embedMs) : update;
    let outcome: EmbedOutcome = { ok: true };
    if (!run.ok) outcome = { ok: false, error: run.error };
    // qmd's own lock makes a second embed print this and exit 0 without embedding anything.
    else if (/Another embed process is already running/.test(run.stdout)) {
      outcome = { ok: false, error: 'another qmd embed was already running; nothing was embedded' };
    }
    lastRun = { at: new Date().toISOString(), ...outcome };
    if (outcome.ok) {
      embeddedUpTo = Math.max(embeddedUpTo, startedAt);
      await writeFile(marker, JSON.stringify({ at: lastRun.at })).catch(() => undefined);
    } else deps.log('warn', 'qmd embed failed', { error: outcome.error });
    return outcome;
  }

  /**
   * `qmd update` marks the documents the vault no longer holds as such, `qmd cleanup` drops
   * them with the content they kept, its cache of model answers (which holds questions asked),
   * and vacuums. A writer of qmd's database like embed, so never at the same time.
   */
  async function runPurge(): Promise<EmbedOutcome> {
    if (!existsSync(deps.ctx.env.INDEX_PATH as string)) return { ok: true }; // no index: nothing kept
    const unavailable = await deps.ready();
    if (unavailable) return { ok: false, error: unavailable };
    await writeQmdConfig(deps.ctx, deps.collection, deps.root);
    const update = await runQmd(deps.ctx, ['update'], deps.embedMs);
    const cleanup = update.ok ? await runQmd(deps.ctx, ['cleanup'], deps.embedMs) : update;
    return cleanup.ok ? { ok: true } : { ok: false, error: cleanup.error };
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
    ready: () => existsSync(marker) && existsSync(deps.ctx.env.INDEX_PATH as string),
    // Takes embed's place: an embed asked meanwhile waits for it, and the timer's next tick embeds.
    async purge() {
      while (running) await running;
      running = runPurge().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
