import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SearchLog } from '../search-log.js';
import { downloadFile, duration } from './download-file.js';
import { ROLE_NAMES, type ModelDetector, type ModelRole } from './model-detect.js';
import { modelSource } from './model-files.js';

export interface PullState {
  running: boolean;
  startedAt?: string;
  /** The model being downloaded now, and how far it is. */
  current?: { role: ModelRole; file: string; bytes: number; total?: number };
  /** How the last pull ended. */
  last?: { at: string; ok: boolean; fetched: string[]; error?: string };
}

export type PullOutcome = { ok: true; fetched: string[] } | { ok: false; fetched: string[]; error: string };

export interface ModelPullerOptions {
  detector: ModelDetector;
  /** A Hugging Face endpoint (https://huggingface.co, or a mirror). */
  baseUrl: string;
  /** A download that receives nothing for this long stops (what came is kept for the next pull). */
  stallMs: number;
  /** A pull stops after this long in all (what came is kept). */
  deadlineMs: number;
  log: SearchLog;
  fetchImpl?: typeof fetch;
}

export interface ModelPuller {
  /** Downloads the models that are not on disk, one after the other; joins a pull under way. */
  pull(): Promise<PullOutcome>;
  state(): PullState;
  /** Stops a pull under way (shutdown); its partial files stay for a resume. */
  stop(): void;
}

/**
 * Fetches qmd's models into its cache, where qmd finds them. Whatever goes wrong (no network, a
 * proxy, a stall, the deadline) ends the pull with a reason and leaves the service as it was;
 * what was downloaded so far is kept, and the next pull resumes it.
 */
export function createModelPuller(opts: ModelPullerOptions): ModelPuller {
  let state: PullState = { running: false };
  let running: Promise<PullOutcome> | null = null;
  let abort: AbortController | undefined;

  async function run(): Promise<PullOutcome> {
    const models = await opts.detector.refresh();
    const fetched: string[] = [];
    abort = new AbortController();
    const deadline = setTimeout(() => abort?.abort(new Error(`the pull ran past its ${duration(opts.deadlineMs)} deadline`)), opts.deadlineMs);
    try {
      await mkdir(models.cacheDir, { recursive: true });
      for (const model of models.models.filter((m) => !m.present)) {
        const source = modelSource(model.uri);
        if (!source) return { ok: false, fetched, error: `the ${ROLE_NAMES[model.role]} model ${model.uri} cannot be downloaded by name; put the file in ${models.cacheDir}` };
        state = { ...state, current: { role: model.role, file: source.fileName, bytes: 0 } };
        opts.log('info', 'downloading a search model', { model: model.uri, into: models.cacheDir });
        const got = await downloadFile({
          url: `${opts.baseUrl.replace(/\/+$/, '')}/${source.urlPath}`,
          dest: join(models.cacheDir, source.fileName),
          stallMs: opts.stallMs,
          signal: abort.signal,
          magic: 'GGUF',
          onProgress: (p) => {
            state = { ...state, current: { role: model.role, file: source.fileName, ...p } };
          },
          ...(opts.fetchImpl && { fetchImpl: opts.fetchImpl }),
        });
        if (!got.ok) return { ok: false, fetched, error: `the ${ROLE_NAMES[model.role]} model was not downloaded: ${got.error}` };
        fetched.push(source.fileName);
      }
      return { ok: true, fetched };
    } catch (err) {
      return { ok: false, fetched, error: `the models could not be saved in ${models.cacheDir}: ${(err as Error).message}` };
    } finally {
      clearTimeout(deadline);
      await opts.detector.refresh();
    }
  }

  return {
    pull() {
      running ??= (async () => {
        state = { running: true, startedAt: new Date().toISOString(), ...(state.last && { last: state.last }) };
        const outcome = await run();
        state = { running: false, last: { at: new Date().toISOString(), ok: outcome.ok, fetched: outcome.fetched, ...(!outcome.ok && { error: outcome.error }) } };
        if (outcome.ok) opts.log('info', 'search models are on disk', { fetched: outcome.fetched });
        else opts.log('warn', 'search models could not be downloaded; deep search stays off', { error: outcome.error });
        running = null;
        return outcome;
      })();
      return running;
    },
    state: () => state,
    stop: () => abort?.abort(new Error('the service is stopping')),
  };
}
