import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { access, chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { processEnv } from '../helpers/process-env.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';
import { historyGit } from './history-fixture.js';

const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.resolve(coreDir, '..', 'node_modules', '.bin', 'tsx');
const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();

/**
 * The real git behind a wrapper that, while `hold` exists, stops at `update-ref` (the last step
 * of a commit: objects, index and commit object written) until killed: before moving the branch,
 * or just after, when only the history's own clean-up is left.
 */
async function gitThatHangsInUpdateRef(dir: string, when: 'before' | 'after'): Promise<{ bin: string; hold: string; reached: string }> {
  const bin = path.join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  const hold = path.join(dir, 'hold-update-ref');
  const reached = path.join(dir, 'in-update-ref');
  await writeFile(
    path.join(bin, 'git'),
    when === 'before'
      ? `#!/bin/sh\nif [ "$1" = "update-ref" ] && [ -e "${hold}" ]; then touch "${reached}"; sleep 600; fi\nexec "${realGit}" "$@"\n`
      : `#!/bin/sh\n"${realGit}" "$@" || exit $?\nif [ "$1" = "update-ref" ] && [ -e "${hold}" ]; then touch "${reached}"; sleep 600; fi\n`,
  );
  await chmod(path.join(bin, 'git'), 0o755);
  return { bin, hold, reached };
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function startService(base: string, port: number, pathPrefix?: string): Promise<ChildProcess> {
  const child = spawn(tsx, [path.join(coreDir, 'src', 'main.ts')], {
    cwd: base,
    env: processEnv({
      PATH: `${pathPrefix ? `${pathPrefix}:` : ''}${process.env.PATH ?? ''}`,
      HOME: base,
      VAULT_PATH: path.join(base, 'vault'),
      KNOWER_STATE_DIR: path.join(base, 'state'),
      PORT: String(port),
      KNOWER_EMBED_INTERVAL_S: '0',
      KNOWER_LOG_LEVEL: 'warn',
    }),
    stdio: 'ignore',
    detached: true, // its own process group: kill -9 reaches tsx and the service alike
  });
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    30_000,
    'the service to answer',
  );
  return child;
}

const getJson = async <T>(url: string) => (await fetch(url)).json() as Promise<T>;

describe('history across kill -9', () => {
  let child: ChildProcess | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    if (child) killGroup(child);
    await cleanup?.();
  });

  it.each(['before', 'after'] as const)('commits an update exactly once when kill -9 lands %s the branch moves, stale index.lock and all', { timeout: 120_000 }, async (when) => {
    const temp = await makeTempDir('knower-history-crash-');
    cleanup = temp.cleanup;
    const git = await gitThatHangsInUpdateRef(temp.dir, when);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = await startService(temp.dir, port, git.bin);
    await waitFor(async () => (await getJson<{ entries?: unknown[] }>(`${url}/history`)).entries?.length === 1, 20_000, 'the first snapshot');

    // The offline provider files the update into bucket/ at once; its commit then hangs in update-ref.
    await writeFile(git.hold, '');
    const res = await fetch(`${url}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Buy seed potatoes' }) });
    const { id } = (await res.json()) as { id: string };
    await waitFor(
      () =>
        access(git.reached).then(
          () => true,
          () => false,
        ),
      20_000,
      'the commit to reach update-ref',
    );
    const record = await getJson<{ status: string; changes: Array<{ path: string; kind: string }> }>(`${url}/updates/${id}`);
    expect(record.status).toBe('done');
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    killGroup(child);
    await exited;

    // What the kill left: the run still pending, the branch not moved. Add a lock a killed git could leave.
    const historyDir = path.join(temp.dir, 'state', 'history');
    expect(await readdir(path.join(historyDir, 'pending'))).toHaveLength(1);
    expect(historyGit(path.join(temp.dir, 'state'), ['rev-list', '--count', 'HEAD']).trim()).toBe(when === 'before' ? '1' : '2');
    await writeFile(path.join(historyDir, 'index.lock'), '');
    await rm(git.hold);

    child = await startService(temp.dir, port, git.bin);
    const diff = await waitFor(
      async () => {
        const d = await getJson<{ commit: string | null; files: Array<{ path: string; kind: string; hunks: unknown[] }> }>(`${url}/updates/${id}/diff`);
        return d.commit ? d : undefined;
      },
      20_000,
      'the update commit after the restart',
    );
    expect(diff.files.map((f) => ({ path: f.path, kind: f.kind }))).toEqual(record.changes);
    const bucketNote = record.changes.find((c) => c.path.startsWith('bucket/'));
    expect(bucketNote?.kind).toBe('created');
    const history = await getJson<{ entries: Array<{ kind: string; update?: { id: string } }> }>(`${url}/history`);
    expect(history.entries.filter((e) => e.update?.id === id)).toHaveLength(1);
    expect(await readdir(path.join(historyDir, 'pending'))).toEqual([]);
    expect(historyGit(path.join(temp.dir, 'state'), ['rev-list', '--count', 'HEAD']).trim()).toBe('2');
    expect(historyGit(path.join(temp.dir, 'state'), ['show', `HEAD:${bucketNote?.path}`])).toContain('Buy seed potatoes');
  });
});
