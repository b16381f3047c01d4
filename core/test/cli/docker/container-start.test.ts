// What `knower start` reads in the container's log while it waits, and how `knower logs` shows
// that log: the container's lines are the image's start script and preflight check, run here.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeContainerStreams, unstamp } from '../../../src/cli/logs/container-log.js';
import { createLogFormatter } from '../../../src/cli/logs/log-format.js';
import { readContainer } from '../../../src/cli/service/container-watch.js';
import { repoRoot } from '../../../src/config/paths.js';
import { processEnv } from '../../helpers/process-env.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

/** The container's start script, run as the image runs it (its paths moved to temp folders), until it exits or has said why it waits. */
function runStartScript(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const core = path.join(repoRoot, 'core');
  const child = spawn('/bin/sh', [path.join(core, 'docker-start.sh')], {
    cwd: core,
    env: processEnv({ NODE_ENV: 'production', KNOWER_LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  return new Promise((resolve) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      // It waits for a folder to be fixed: what it said is all there is to read.
      if (stderr.includes('checked every')) {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
        resolve({ code: null, stderr });
      }
    });
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('the container refuses to start: start stops waiting and says why', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let file: string;
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-container-'));
    file = path.join(dir, 'a-file');
    await writeFile(file, 'not a folder\n');
  });
  afterAll(async () => {
    await cleanup();
  });

  it('a setting: the container exits 78, and the refusal says so', { timeout: 60_000 }, async () => {
    const run = await runStartScript({ VAULT_PATH: path.join(dir, 'vault'), KNOWER_STATE_DIR: path.join(dir, 'state'), HOME: dir, KNOWER_EMBED_INTERVAL_S: 'soon' });
    expect(run.code).toBe(78);
    const verdict = readContainer({ status: 'restarting', exitCode: 78, restarting: true, startedAt: '' }, lines(run.stderr));
    expect(verdict).toEqual({
      kind: 'refused',
      exits: true,
      lines: [
        'Invalid configuration:',
        '  KNOWER_EMBED_INTERVAL_S="soon": must be a number of seconds',
        'Knower cannot start with these settings: fix them (.env or the environment), then run ./knower start again, which makes a new container.',
      ],
    });
  });

  it('a folder: the container waits, and the refusal is seen while it runs', { timeout: 60_000 }, async () => {
    const run = await runStartScript({ VAULT_PATH: file, KNOWER_STATE_DIR: path.join(dir, 'state'), HOME: dir });
    const log = ['{"level":30,"msg":"an earlier run"}', ...lines(run.stderr)];
    const verdict = readContainer({ status: 'running', exitCode: 0, restarting: false, startedAt: '' }, log);
    expect(verdict).toEqual({
      kind: 'refused',
      exits: false,
      lines: [
        'Invalid configuration:',
        `  VAULT_PATH=${JSON.stringify(file)}: is a file, not a folder: point it at a folder (it is created if missing)`,
        'Knower waits for this to be fixed, and starts by itself once it is (checked every 5 s).',
      ],
    });
  });

  it('nothing wrong yet while it runs; an exit for another reason ends the wait with its last lines', () => {
    const log = ['{"level":30,"time":1,"msg":"Server listening at http://0.0.0.0:8000"}'];
    expect(readContainer({ status: 'running', exitCode: 0, restarting: false, startedAt: '' }, log)).toEqual({ kind: 'starting' });
    expect(readContainer(undefined, [])).toEqual({ kind: 'starting' });
    const crash = ['node:internal/modules/cjs/loader:1228', 'Error: Cannot find module', '    at Module._resolveFilename'];
    expect(readContainer({ status: 'exited', exitCode: 1, restarting: false, startedAt: '' }, crash)).toEqual({ kind: 'exited', code: 1, lines: crash });
  });
});

describe('knower logs in Docker: the container log through the same formatter', () => {
  const at = (seconds: number, nanos: string) => `2026-11-22T23:47:${String(seconds).padStart(2, '0')}.${nanos}Z`;
  const pino = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 22, 23, 47, 10), pid: 7, hostname: 'c0ffee', ...fields });

  it('merges stdout and stderr by the times Docker stamped, without them', () => {
    const stdout = [
      `${at(10, '000000100')} ${pino({ msg: 'Server listening at http://0.0.0.0:8000' })}`,
      `${at(12, '5')} ${pino({ reqId: 'req-1', req: { method: 'GET', url: '/health' }, msg: 'incoming request' })}`,
      `${at(12, '6')} ${pino({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 1.2, msg: 'request completed' })}`,
      `${at(13, '000000001')} ${pino({ reqId: 'req-2', req: { method: 'POST', url: '/update' }, msg: 'incoming request' })}`,
      `${at(13, '000000002')} ${pino({ reqId: 'req-2', res: { statusCode: 202 }, responseTime: 8.6, msg: 'request completed' })}`,
      '',
    ].join('\n');
    const stderr = [`${at(9, '999999999')} Invalid configuration:`, `${at(9, '999999999')}   VAULT_PATH="/vault": the folder is not writable by uid 1000`, ''].join('\n');
    const merged = mergeContainerStreams(stdout, stderr);
    expect(merged[0]).toBe('Invalid configuration:');
    expect(merged[1]).toBe('  VAULT_PATH="/vault": the folder is not writable by uid 1000');
    const formatter = createLogFormatter({ timeZone: 'UTC' });
    expect(merged.flatMap((l) => formatter.format(l))).toEqual([
      'Invalid configuration:',
      '  VAULT_PATH="/vault": the folder is not writable by uid 1000',
      '2026-11-22 23:47:10 INFO  Server listening at http://0.0.0.0:8000',
      '2026-11-22 23:47:10 INFO  POST /update 202 9 ms',
    ]);
  });

  it('a line without Docker’s time passes as it is', () => {
    expect(unstamp('plain words')).toEqual({ at: '', text: 'plain words' });
    expect(unstamp(`${at(1, '25')} a b`)).toEqual({ at: '2026-11-22T23:47:01.250000000', text: 'a b' });
  });
});
