import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSearchEngine, type QmdOptions, type SearchEngine } from '../../src/search/index.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The Node 22 binary from the project's own `node` dependency: qmd needs Node >= 22. */
export const NODE_BINARY = join(repoRoot, 'node_modules/.bin/node');
export const QMD_CLI = join(repoRoot, 'node_modules/@tobilu/qmd/dist/cli/qmd.js');

/** A temp vault, state dir and HOME (an empty HOME: no qmd models, whatever the machine has). */
export interface Sandbox {
  root: string;
  vault: string;
  state: string;
  home: string;
  logs: { level: string; msg: string; extra?: Record<string, unknown> }[];
  engines: SearchEngine[];
}

export async function makeSandbox(files: Record<string, string> = {}): Promise<Sandbox> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'knower-search-')));
  const sandbox: Sandbox = { root, vault: join(root, 'vault'), state: join(root, 'state'), home: join(root, 'home'), logs: [], engines: [] };
  for (const dir of [sandbox.vault, sandbox.state, sandbox.home]) mkdirSync(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) writeNote(sandbox, rel, text);
  return sandbox;
}

export function writeNote(sandbox: Sandbox, rel: string, text: string): void {
  const file = join(sandbox.vault, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export function makeEngine(sandbox: Sandbox, overrides: Partial<QmdOptions> = {}): SearchEngine {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: sandbox.home };
  delete env.XDG_CACHE_HOME;
  delete env.XDG_CONFIG_HOME;
  const engine = createSearchEngine({
    nodeBinary: NODE_BINARY,
    cliPath: QMD_CLI,
    vaultRoot: sandbox.vault,
    stateDir: sandbox.state,
    collection: 'vault',
    env,
    log: (level, msg, extra) => sandbox.logs.push({ level, msg, ...(extra && { extra }) }),
    ...overrides,
    // Other suites share the two cores: a cold worker start can take seconds. Fault tests set their own.
    timeouts: { searchMs: 15_000, ...overrides.timeouts },
  });
  sandbox.engines.push(engine);
  return engine;
}

/** An engine that has made its first pass over the vault. */
export async function scannedEngine(sandbox: Sandbox, overrides: Partial<QmdOptions> = {}): Promise<SearchEngine> {
  const engine = makeEngine(sandbox, overrides);
  await engine.scan(() => undefined);
  return engine;
}

export async function disposeSandbox(sandbox: Sandbox): Promise<void> {
  await Promise.all(sandbox.engines.map((e) => e.close()));
  await rm(sandbox.root, { recursive: true, force: true });
}

/** Files whose names contain qmd's default model file names and start with GGUF magic. */
export function fakeModels(sandbox: Sandbox): void {
  const dir = join(sandbox.home, '.cache/qmd/models');
  mkdirSync(dir, { recursive: true });
  for (const name of ['hf_ggml-org_embeddinggemma-300M-Q8_0.gguf', 'hf_ggml-org_qwen3-reranker-0.6b-q8_0.gguf', 'hf_tobil_qmd-query-expansion-1.7B-q4_k_m.gguf']) {
    writeFileSync(join(dir, name), Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(64)]));
  }
}

/**
 * A stand-in for qmd's CLI at a unique path, so its processes can be found in /proc.
 * `body` runs first; `passThrough` then hands over to the real qmd in the same process.
 */
export function writeFakeCli(sandbox: Sandbox, name: string, body: string, passThrough = true): string {
  const file = join(sandbox.root, `${name}.mjs`);
  const handOver = passThrough ? `process.argv[1] = ${JSON.stringify(QMD_CLI)};\nawait import(${JSON.stringify(QMD_CLI)});\n` : '';
  writeFileSync(file, `${body}\n${handOver}`);
  return file;
}

/** Live processes whose command line mentions `text`. */
export function pidsMentioning(text: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const state = /^State:\s+(\w)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (cmdline.includes(text) && state !== 'Z') pids.push(Number(entry));
    } catch {
      // the process exited while we looked
    }
  }
  return pids;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await sleep(25);
  }
  return check();
}
