/**
 * The real service, in-process, on a generated vault: buildApp + loadConfig exactly as
 * main.ts composes them, listening on a loopback port so every figure crosses real HTTP.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildService, type Knower } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { createQmdContext, type QmdContext } from '../src/search/qmd-process.js';
import { withTimeout } from './stats.js';

export interface BenchService {
  app: FastifyInstance;
  knower: Knower;
  base: string;
  config: Config;
  /**
   * The context the service's own qmd children run with (INDEX_PATH, QMD_CONFIG_DIR, cwd,
   * NO_COLOR): the CLI baseline spawns with it, so both paths read the same index.
   */
  qmd: QmdContext;
  startup: { buildMs: number; listenMs: number; settledMs: number; jobWrites: number; documents?: number };
  close(): Promise<void>;
}

// A first start indexes the whole vault (`qmd collection add`); 100k notes take minutes.
const SETTLE_TIMEOUT_MS = 15 * 60_000;

export async function startService(vault: string, stateDir: string, env: NodeJS.ProcessEnv): Promise<BenchService> {
  const childEnv = { ...env };
  // The bench measures the default local set-up: no token, loopback, no embed timer.
  delete childEnv.KNOWER_TOKEN;
  delete childEnv.PORT;
  const config = loadConfig(
    {
      ...childEnv,
      VAULT_PATH: vault,
      KNOWER_STATE_DIR: stateDir,
      KNOWER_EMBED_INTERVAL_S: '0',
      KNOWER_LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
    },
    path.dirname(vault),
  );
  const t0 = performance.now();
  const { app, knower } = await buildService({ config });
  const t1 = performance.now();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const t2 = performance.now();
  await withTimeout(knower.whenSettled(), SETTLE_TIMEOUT_MS, 'the first index');
  const t3 = performance.now();
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the service is not listening on a TCP port');
  const status = knower.search.status();
  if (!status.available) throw new Error(`qmd is not usable, the comparison would be meaningless: ${status.degraded}`);

  const qmd = createQmdContext({
    nodeBinary: config.qmd.nodeBinary,
    cliPath: config.qmd.cliPath,
    vaultRoot: knower.root,
    stateDir: config.stateDir,
    collection: 'vault',
    env: config.childEnv,
  });
  return {
    app,
    knower,
    base: `http://127.0.0.1:${address.port}`,
    config,
    qmd,
    startup: {
      buildMs: t1 - t0,
      listenMs: t2 - t1,
      settledMs: t3 - t0,
      jobWrites: knower.job.stats().writes,
      ...(status.documents !== undefined && { documents: status.documents }),
    },
    close: () => withTimeout(app.close(), 30_000, 'closing the service'),
  };
}

/** GET a JSON route over real HTTP; the body is read in full, as a client would. */
export async function getJson<T>(base: string, route: string): Promise<{ body: T; bytes: number }> {
  const res = await fetch(`${base}${route}`);
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${route} answered ${res.status}: ${text.slice(0, 200)}`);
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text) };
}
