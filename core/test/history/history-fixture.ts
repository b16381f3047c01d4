import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildService, type Knower } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { splitNote } from '../../src/vault/index.js';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer, type ScriptStep } from '../fakes/fake-anthropic-server.js';
import { createFakeSearchEngine } from '../fakes/fake-search-engine.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

export interface HistoryApp {
  app: FastifyInstance;
  /** The services the app was built on. */
  knower: Knower;
  model: FakeAnthropicServer;
  vault: string;
  stateDir: string;
  base: string;
  get<T = Record<string, unknown>>(route: string): Promise<{ status: number; body: T }>;
  post<T = Record<string, unknown>>(route: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Sends an update and waits for its final status; returns its id. */
  update(text: string, ...steps: ScriptStep[]): Promise<string>;
  /** Waits until the watcher, the job and the history have caught up. */
  settle(): Promise<void>;
  read(rel: string): Promise<string>;
  write(rel: string, content: string): Promise<void>;
  restart(): Promise<HistoryApp>;
  close(): Promise<void>;
}

/** A real app (real agents against the fake Messages API) on a temp vault, with a short hand-edit quiet time. */
export async function startHistoryApp(
  opts: {
    prepare?: (vault: string) => Promise<void>;
    dirs?: { base: string; cleanup: () => Promise<void> };
    quietMs?: number;
    loose?: { maxBytes: number; checkEvery: number };
    /** The real search index (its worker and SQLite file in the state dir) instead of the in-memory one. */
    realSearch?: boolean;
  } = {},
): Promise<HistoryApp> {
  const temp: { base: string; cleanup: () => Promise<void> } = opts.dirs ?? (await makeTempDir('knower-history-').then((t) => ({ base: t.dir, cleanup: t.cleanup })));
  const { base, cleanup } = temp;
  const vault = path.join(base, 'vault');
  const stateDir = path.join(base, 'state');
  if (opts.prepare) {
    await mkdir(vault, { recursive: true });
    await opts.prepare(vault);
  }
  const model = await startFakeAnthropicServer();
  const config = loadConfig(
    {
      VAULT_PATH: vault,
      KNOWER_STATE_DIR: stateDir,
      KNOWER_EMBED_INTERVAL_S: '0',
      KNOWER_LOG_LEVEL: 'silent',
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: model.baseURL,
      PATH: process.env.PATH,
    },
    base,
  );
  const { app, knower } = await buildService({
    config,
    ...(opts.realSearch ? {} : { search: createFakeSearchEngine(vault) }),
    logger: false,
    retry: { attempts: 1, baseDelayMs: 10 },
    historyQuietMs: opts.quietMs ?? 150,
    ...(opts.loose && { historyLoose: opts.loose }),
  });
  await app.ready();
  await knower.whenSettled();
  const inject = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({ method, url, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: res.statusCode, body: res.json() as T };
  };
  const self: HistoryApp = {
    app,
    knower,
    model,
    vault,
    stateDir,
    base,
    get: (route) => inject('GET', route),
    post: (route, body) => inject('POST', route, body),
    async update(textToSend, ...steps) {
      model.push(...steps);
      const { body } = await inject<{ id: string }>('POST', '/update', { text: textToSend });
      await waitFor(() => ['done', 'inbox', 'failed'].includes(knower.queue.get(body.id)?.status ?? ''), 20_000, `update ${body.id}`);
      // Every history test means its updates to land: one that failed is the test's failure, said as such.
      const ended = knower.queue.get(body.id);
      if (ended?.status === 'failed') throw new Error(`the update "${textToSend}" failed: ${JSON.stringify(ended)}`);
      await self.settle();
      return body.id;
    },
    async settle() {
      await knower.whenSettled();
      await knower.history.whenIdle();
    },
    read: (rel) => readFile(path.join(vault, rel), 'utf8'),
    async write(rel, content) {
      // Like a person saving: the write counts once the watcher has reported it (its events come in batches).
      let unsubscribe = () => undefined as void;
      const seen = new Promise<void>((resolve) => {
        unsubscribe = knower.bus.subscribe((e) => {
          if (e.type === 'file_changed' && e.data.path === rel) resolve();
        });
      });
      await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
      await writeFile(path.join(vault, rel), content);
      await waitFor(() => Promise.race([seen.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 50))]), 5_000, `the watcher to report ${rel}`);
      unsubscribe();
    },
    async restart() {
      await app.close();
      await model.close();
      return startHistoryApp({ ...opts, dirs: { base, cleanup } });
    },
    async close() {
      await app.close();
      await model.close();
      await cleanup();
    },
  };
  return self;
}

/** The steps of an update that reads a note and appends a line to it. */
export const appendSteps = (rel: string, line: string, summary = 'Noted.'): ScriptStep[] => [
  turn(toolUse('read', { path: rel })),
  turn(toolUse('append', { path: rel, content: line, position: 'bottom' })),
  turn(text(summary)),
];

/** A note's body: what a person sees, without the frontmatter the job keeps. */
export async function bodyOf(vault: string, rel: string): Promise<string> {
  return splitNote(await readFile(path.join(vault, rel), 'utf8')).body;
}

/** Waits for a hand edit to be seen by the watcher and committed by the history. */
export async function waitForHandCommit(h: HistoryApp, rel: string): Promise<void> {
  await waitFor(
    async () => {
      const { body } = await h.get<{ versions: Array<{ kind: string }> }>(`/vault/history?path=${encodeURIComponent(rel)}&limit=1`);
      return body.versions?.[0]?.kind === 'hand';
    },
    10_000,
    `a hand-edit commit of ${rel}`,
  );
}

/** git on Knower's own history repository (for checks a client cannot make over HTTP). */
export function historyGit(stateDir: string, args: string[]): string {
  const out = spawnSync('git', args, { env: { PATH: process.env.PATH, GIT_DIR: path.join(stateDir, 'history', 'repo.git') }, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr}`);
  return out.stdout;
}
