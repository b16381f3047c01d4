import { spawnSync } from 'node:child_process';
import { appendFile, mkdir, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileOps } from '../../src/vault/index.js';
import { nodeFileOps } from '../../src/vault/index.js';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

/**
 * The vault on a real 1 MB tmpfs, filled up. Where mounting is not possible (not root), a
 * filesystem whose every new file fails with ENOSPC while `full` is set stands in for it.
 */
async function smallDisk(vault: string): Promise<{ real: boolean; fill(): Promise<void>; free(): Promise<void>; ops?: FileOps; release(): void }> {
  await mkdir(vault, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', vault]).status === 0;
  const filler = path.join(vault, '.filler');
  if (mounted) {
    return {
      real: true,
      async fill() {
        const chunk = Buffer.alloc(4096, 1);
        for (;;) {
          try {
            await appendFile(filler, chunk);
          } catch {
            return; // ENOSPC: full
          }
        }
      },
      free: () => unlink(filler),
      release: () => void spawnSync('umount', ['-l', vault]),
    };
  }
  let full = false;
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, link'), { code: 'ENOSPC' });
  return {
    real: false,
    fill: async () => void (full = true),
    free: async () => void (full = false),
    ops: {
      ...nodeFileOps,
      link: (a, b) =>
        full
          ? (() => {
              throw enospc();
            })()
          : nodeFileOps.link(a, b),
    },
    release: () => undefined,
  };
}

async function tempFiles(vault: string): Promise<string[]> {
  const all = await readdir(vault, { recursive: true });
  return all.filter((p) => /\.(tmp|swap)$/.test(path.basename(p)));
}

describe('a vault whose disk is full', () => {
  let t: TestApp | undefined;
  let model: FakeAnthropicServer | undefined;
  let disk: Awaited<ReturnType<typeof smallDisk>> | undefined;
  let base: { dir: string; cleanup: () => Promise<void> } | undefined;
  afterEach(async () => {
    await t?.app.close();
    disk?.release();
    await model?.close();
    await base?.cleanup();
    t = model = disk = base = undefined;
  });

  async function start(env: Record<string, string> = {}): Promise<TestApp> {
    base = await makeTempDir();
    const dirs = { base: base.dir, vault: path.join(base.dir, 'vault'), stateDir: path.join(base.dir, 'state') };
    disk = await smallDisk(dirs.vault);
    t = await startTestApp({ dirs, env, ...(disk.ops ? { deps: { fileOps: disk.ops } } : {}) });
    await t.knower.whenSettled();
    return t;
  }
  const finished = (id: string) => updateEnded(t!, id, 15_000);
  /** Temp files left once the job has caught up (tree.md is written after an update, by a temp file renamed). */
  const leftovers = async () => {
    await t!.knower.whenSettled();
    return tempFiles(t!.vault);
  };

  it('fails an update retryably with its input intact, leaves no temp file, and files it on Retry once space is back', async () => {
    const app = (await start()).app;
    await disk!.fill();
    const { id } = (await app.inject({ method: 'POST', url: '/update', payload: { text: 'The boiler code is 4711.' } })).json();
    const failed = await finished(id);
    expect(failed).toMatchObject({ status: 'failed', text: 'The boiler code is 4711.' });
    expect(failed.error).toMatch(/disk is full.*Retry it once the disk is writable again/);
    expect(await leftovers()).toEqual([]);
    if (disk!.real) {
      const health = (await app.inject('/health')).json();
      expect(health.degraded.join('\n')).toMatch(/the vault disk is full/);
    }

    await disk!.free();
    const retry = await app.inject({ method: 'POST', url: `/updates/${id}/retry` });
    expect(retry.statusCode).toBe(202);
    const done = await finished(retry.json().id);
    expect(done.status).toBe('done');
    const note = done.files?.find((f) => f.startsWith('bucket/'));
    expect(await readFile(path.join(t!.vault, note!), 'utf8')).toContain('The boiler code is 4711.');
    expect(await leftovers()).toEqual([]);
  });

  it('stops an agent run at its first write that finds the disk full, instead of ending "done" with nothing written', async () => {
    model = await startFakeAnthropicServer();
    model.push(
      turn(toolUse('write', { path: 'bucket/boiler.md', content: '# Boiler\n\nCode 4711.\n' })),
      turn(toolUse('write', { path: 'bucket/other.md', content: '# Other\n' })),
      turn(text('Filed.')),
    );
    const app = (await start({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: model.baseURL })).app;
    await disk!.fill();
    const { id } = (await app.inject({ method: 'POST', url: '/update', payload: { text: 'Boiler code 4711' } })).json();
    const failed = await finished(id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/disk is full/);
    // The model was not told to carry on after the failed write (each attempt stopped at it).
    expect(model.requests.every((r) => !JSON.stringify(r.body.messages).includes('no space left'))).toBe(true);
    expect(await leftovers()).toEqual([]);
  });
});

describe('leftovers of a crash', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('are cleaned at start: temp files removed, a note moved aside put back, half-made updates dropped', async () => {
    const staging = '.20250101-000000-abcdef';
    t = await startTestApp({
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'bucket'), { recursive: true });
        await writeFile(path.join(vault, 'bucket', '.note.md.0123456789ab.tmp'), 'half a note');
        await writeFile(path.join(vault, 'bucket', '.lost.md.0123456789ab.swap'), '# Lost\n\nMoved aside when the power went.\n');
        const state = path.join(vault, '..', 'state', 'updates', staging);
        await mkdir(state, { recursive: true });
        await writeFile(path.join(state, 'update.json'), '{"id": "half"');
      },
    });
    await t.knower.whenSettled();
    expect((await readdir(path.join(t.vault, 'bucket'))).sort()).toEqual(['lost.md']);
    expect(await readFile(path.join(t.vault, 'bucket', 'lost.md'), 'utf8')).toContain('Moved aside when the power went.');
    expect(await readdir(path.join(t.stateDir, 'updates'))).not.toContain(staging);
    await rm(path.join(t.vault, 'bucket', 'lost.md'));
  });
});
