// `knower search` must start about as fast as Node: it loads the modules it uses and no more.
// The CLI the `knower` script runs (its start path bundled into core/dist/cli/knower.cjs by
// scripts/bundle-cli.ts) runs under a module hook that lists every module it loads
// (fixtures/module-log.mjs); the heavy ones of the service must not be among them, nor an ESM
// import of the built-ins whose namespace loads the WebSocket client, HTTP/2 or the stream modules
// (they are taken with process.getBuiltinModule). What the bundle holds is read from the
// metafile esbuild writes beside it.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childOutput } from '../helpers/child-output.js';
import { repoRoot } from './knower-process.js';

const node22 = path.join(repoRoot, 'node_modules', '.bin', 'node');
const cli = path.join(repoRoot, 'core', 'dist', 'cli', 'knower.cjs');
const hook = path.join(import.meta.dirname, 'fixtures', 'module-log.mjs');

const HEAVY = [/\/node_modules\/fastify\//, /\/node_modules\/zod\//, /\/node_modules\/better-sqlite3\//, /\/node_modules\/@tobilu\/qmd\//, /\/node_modules\/@modelcontextprotocol\//];
const COSTLY_BUILTIN_IMPORTS = ['node:http', 'node:fs', 'node:util', 'node:child_process'];

let scratch: string;
let server: Server;
let port: number;
const asked: string[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'knower-lazy-'));
  server = createServer((req, res) => {
    asked.push(`${req.method ?? ''} ${req.url ?? ''}`);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ mode: 'fast', results: [{ path: 'garden.md', title: 'Garden', score: 1, snippet: 'garlic in bed 3' }] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await rm(scratch, { recursive: true, force: true });
});

async function modulesOf(args: string[]): Promise<{ code: number | null; stdout: string; imported: string[]; loaded: string[] }> {
  const env = {
    PATH: process.env.PATH,
    HOME: scratch,
    KNOWER_ENV_FILE: path.join(scratch, 'none.env'),
    KNOWER_RUN_DIR: path.join(scratch, 'run'),
    KNOWER_STATE_DIR: path.join(scratch, 'state'),
    PORT: String(port),
  };
  const run = await childOutput(spawn(node22, ['--import', hook, cli, ...args], { env, cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] }));
  const lines = run.stderr.split('\n').filter((line) => line.startsWith('module '));
  return {
    code: run.code,
    stdout: run.stdout,
    imported: lines.filter((line) => line.startsWith('module import ')).map((line) => line.slice('module import '.length)),
    loaded: lines.map((line) => line.split(' ')[2] ?? ''),
  };
}

describe('knower search loads only what it uses', () => {
  it('--help: its help, without the service, zod or a model', async () => {
    const run = await modulesOf(['search', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: knower search/);
    // The hook saw the CLI: it lists what the process loads.
    expect(run.loaded).toContain(pathToFileURL(cli).href);
    expect(run.loaded.filter((url) => HEAVY.some((heavy) => heavy.test(url)))).toEqual([]);
    expect(run.imported.filter((url) => COSTLY_BUILTIN_IMPORTS.includes(url))).toEqual([]);
  });

  it('a search against a running service: the request and its answer, and nothing of the other commands', async () => {
    const run = await modulesOf(['search', 'garlic']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('garden.md — Garden\n  garlic in bed 3\n');
    expect(asked.at(-1)).toBe('POST /vault/search');
    expect(run.loaded.filter((url) => HEAVY.some((heavy) => heavy.test(url)))).toEqual([]);
    expect(run.imported.filter((url) => COSTLY_BUILTIN_IMPORTS.includes(url))).toEqual([]);
    // One file of the build: the bundle, nothing read from dist beside it.
    expect(run.loaded.filter((url) => url.includes('/core/dist/'))).toEqual([pathToFileURL(cli).href]);
  });

  it('the bundle holds the start path and no other command: `start` alone would bring the service build and Docker tooling', async () => {
    const meta = JSON.parse(await readFile(`${cli}.meta.json`, 'utf8')) as { inputs: Record<string, unknown> };
    const inputs = Object.keys(meta.inputs);
    expect(inputs).toContain('dist/cli/main.js');
    const verbs = inputs.filter((file) => file.startsWith('dist/cli/verbs/')).map((file) => path.basename(file));
    expect(verbs.sort()).toEqual(['ask.js', 'help.js', 'index.js', 'search-input.js', 'search.js', 'verb.js']);
    expect(inputs.filter((file) => file.startsWith('dist/cli/service/') && !/\/(service-files|process-check|run-records)\.js$/.test(file))).toEqual([]);
  });
});
