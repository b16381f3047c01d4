import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildService, type AppDeps, type Knower } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import type { RetryPolicy } from '../../src/queue/index.js';
import type { SearchEngine } from '../../src/search/index.js';
import { createFakeSearchEngine } from '../fakes/fake-search-engine.js';
import { makeTempDir, waitFor } from './temp-dir.js';

export interface TestApp {
  app: FastifyInstance;
  /** The services the app was built on. */
  knower: Knower;
  vault: string;
  stateDir: string;
  /** The temp folder holding vault/ and state/. */
  base: string;
  close(): Promise<void>;
}

/**
 * A real app on a temporary vault and state dir. `search: 'qmd'` runs the real qmd;
 * the default is the in-memory engine, for suites about what sits around search.
 */
export async function startTestApp(
  opts: {
    search?: 'qmd' | 'fake';
    /** Wraps the in-memory engine (to hold its first pass, say). */
    wrapSearch?: (engine: SearchEngine) => SearchEngine;
    env?: Record<string, string>;
    prepare?: (vault: string) => Promise<void>;
    retry?: RetryPolicy;
    /** Reuse these folders (a restart of the same service). */
    dirs?: { vault: string; stateDir: string; base: string };
    /** Other collaborators of the app (a filesystem without hard links, a shorter stall time). */
    deps?: Pick<AppDeps, 'fileOps' | 'queueStallMs' | 'toolTimeLimitMs'>;
  } = {},
): Promise<TestApp> {
  const temp = opts.dirs ? { dir: opts.dirs.base, cleanup: async () => undefined } : await makeTempDir();
  const vault = path.join(temp.dir, 'vault');
  const stateDir = path.join(temp.dir, 'state');
  const config = loadConfig({ VAULT_PATH: vault, KNOWER_STATE_DIR: stateDir, KNOWER_EMBED_INTERVAL_S: '0', KNOWER_LOG_LEVEL: 'silent', ...opts.env }, temp.dir);
  assertLocalModel(config);
  if (opts.prepare) {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(vault, { recursive: true });
    await opts.prepare(vault);
  }
  let search: SearchEngine | undefined;
  if (opts.search !== 'qmd') search = createFakeSearchEngine(vault);
  if (search && opts.wrapSearch) search = opts.wrapSearch(search);
  const { app, knower } = await buildService({ config, search, logger: false, retry: opts.retry ?? { attempts: 2, baseDelayMs: 10 }, ...opts.deps });
  await app.ready();
  return {
    app,
    knower,
    vault,
    stateDir,
    base: temp.dir,
    async close() {
      await app.close();
      await temp.cleanup();
    },
  };
}

/**
 * A test talks to a model only through a fake on this machine: a provider left pointing at
 * a real endpoint (a key without a base URL) fails the test before anything is sent.
 */
function assertLocalModel(config: Config): void {
  const { provider } = config;
  if (provider.name === 'offline') return;
  const host = provider.baseURL ? new URL(provider.baseURL).hostname : "(the provider's own endpoint)";
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`this test would send its text to ${host}: point the ${provider.name} provider at a fake server on 127.0.0.1`);
  }
}

/** The update's record once it has ended: done, in the inbox, or failed. */
export function updateEnded(t: { knower: Pick<Knower, 'queue'> }, id: string, timeoutMs = 10_000) {
  return waitFor(
    () => {
      const record = t.knower.queue.get(id);
      return record && ['done', 'inbox', 'failed'].includes(record.status) ? record : undefined;
    },
    timeoutMs,
    `update ${id} to end`,
  );
}
