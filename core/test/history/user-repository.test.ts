import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendSteps, historyGit, startHistoryApp, type HistoryApp } from './history-fixture.js';

/** The person's own git, on their vault: their config and environment, nothing of Knower's. */
function userGit(vault: string, args: string[]): string {
  const out = spawnSync('git', ['-c', 'user.name=Person', '-c', 'user.email=person@example.com', ...args], {
    cwd: vault,
    env: { PATH: process.env.PATH, HOME: vault, GIT_CONFIG_NOSYSTEM: '1' },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr}`);
  return out.stdout;
}

/** Every file under .git with its size and content hash: any write Knower made there would show. */
async function dotGit(vault: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  async function walk(dir: string): Promise<void> {
    for (const d of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, d.name);
      if (d.isDirectory()) await walk(abs);
      else
        out.set(
          path.relative(vault, abs),
          `${(await stat(abs)).size}:${createHash('sha1')
            .update(await readFile(abs))
            .digest('hex')}`,
        );
    }
  }
  await walk(path.join(vault, '.git'));
  return out;
}

describe("a vault that is the person's own git repository", () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('keeps its HEAD, index, status and every file of .git exactly as they were', async () => {
    h = await startHistoryApp({
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'projects', 'garden'), { recursive: true });
        await writeFile(path.join(vault, 'projects/garden/state.md'), '# State\n\n- Beds are dug.\n');
        await writeFile(path.join(vault, 'journal.md'), '# Journal\n');
        userGit(vault, ['init', '--quiet', '--initial-branch=main']);
        userGit(vault, ['add', '-A']);
        userGit(vault, ['commit', '--quiet', '-m', 'my vault']);
        // Work in progress: a staged change, an unstaged one and an untracked file.
        await writeFile(path.join(vault, 'journal.md'), '# Journal\n\nStaged line.\n');
        userGit(vault, ['add', 'journal.md']);
        await writeFile(path.join(vault, 'journal.md'), '# Journal\n\nStaged line.\n\nUnstaged line.\n');
        await writeFile(path.join(vault, 'scratch.md'), 'untracked\n');
      },
    });
    // Knower's start-up (skeleton, job stamps) has run: from here on nothing may touch .git.
    const status = () => userGit(h.vault, ['--no-optional-locks', 'status', '--porcelain=v2', '--untracked-files=all']);
    const before = { head: userGit(h.vault, ['rev-parse', 'HEAD']), index: userGit(h.vault, ['ls-files', '--stage']), status: status(), files: await dotGit(h.vault) };

    const id = await h.update('Planted tomatoes', ...appendSteps('projects/garden/state.md', '- Tomatoes planted.'));
    await h.write('journal.md', `${await h.read('journal.md')}\nA hand edit.\n`);
    await h.settle();
    const undo = await h.post<{ status: string }>(`/updates/${id}/undo`);
    expect(undo.body.status).toBe('undone');
    await h.settle();

    expect(userGit(h.vault, ['rev-parse', 'HEAD'])).toBe(before.head);
    expect(userGit(h.vault, ['ls-files', '--stage'])).toBe(before.index);
    expect(await dotGit(h.vault)).toEqual(before.files);
    // The person's status moved only by the hand edit to a file that was already modified:
    // the update and its undo left state.md and changelog.md as they were.
    expect(status()).toBe(before.status);

    // Knower's own history has the vault's notes and nothing from .git.
    const tracked = historyGit(h.stateDir, ['ls-tree', '-r', '--name-only', 'HEAD']).split('\n').filter(Boolean);
    expect(tracked).toEqual(expect.arrayContaining(['journal.md', 'projects/garden/state.md', 'scratch.md']));
    expect(tracked.filter((p) => p.startsWith('.') || p.includes('/.'))).toEqual([]);
    expect(tracked).not.toContain('tree.md');
  });
});
