import { spawnSync } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommitLog } from '../../src/history/commit-log.js';
import { BlobKeys, storeBlob, type HistoryContext } from '../../src/history/context.js';
import { createGit, type Git } from '../../src/history/git.js';
import { Repo } from '../../src/history/repo.js';
import { commitSnapshot, commitVault } from '../../src/history/snapshot.js';
import { silentLogger } from '../../src/logger.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * Knower writes its history's trees itself, folder by folder. Each commit must record exactly
 * the tree plain git records for the same files: `git add -A` + `git write-tree` in a scratch
 * repository over the same folder (dot-entries and tree.md excluded, as the history excludes them).
 */
function plainGitTree(vault: string, scratch: string): string {
  const env = { PATH: process.env.PATH, GIT_DIR: scratch, GIT_WORK_TREE: vault, GIT_INDEX_FILE: path.join(scratch, 'plain-index'), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  const git = (...args: string[]) => {
    const out = spawnSync('git', args, { env, encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr}`);
    return out.stdout.trim();
  };
  if (spawnSync('git', ['init', '--quiet', '--bare', scratch], { env: { PATH: process.env.PATH } }).status !== 0) throw new Error('git init failed');
  spawnSync('sh', ['-c', `mkdir -p "$1/info" && printf '.*\\n/tree.md\\n' > "$1/info/exclude"`, 'sh', scratch]);
  git('config', 'core.fileMode', 'false');
  git('add', '-A');
  return git('write-tree');
}

/** A git that fails `update-ref` while `failing` is set: a commit cut short after its objects are written. */
function gitFailingUpdateRef(inner: Git, failing: { on: boolean }): Git {
  return {
    gitDir: inner.gitDir,
    run: (args, opts) => (failing.on && args[0] === 'update-ref' ? Promise.reject(new Error('killed')) : inner.run(args, opts)),
    open: (args) => inner.open(args),
  };
}

describe('the history writes the trees plain git would', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let vault: string;
  let ctx: HistoryContext;
  let scratchCount = 0;
  const failing = { on: false };

  async function open(): Promise<HistoryContext> {
    const stateDir = path.join(temp.dir, 'state');
    const git = gitFailingUpdateRef(createGit({ gitDir: path.join(stateDir, 'repo.git'), indexFile: path.join(stateDir, 'index'), env: { PATH: process.env.PATH } }), failing);
    const repo = new Repo(git, path.join(stateDir, 'index'));
    await repo.open();
    const commits = new CommitLog();
    await commits.load(git);
    return { root: vault, repo, commits, log: silentLogger, clock: () => new Date('2024-05-01T10:00:00Z'), published: () => undefined, keys: new BlobKeys() };
  }

  const put = async (rel: string, text: string) => {
    await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
    await writeFile(path.join(vault, rel), text);
  };
  const gone = (rel: string) => rm(path.join(vault, rel), { recursive: true, force: true });
  const move = async (from: string, to: string) => {
    await mkdir(path.dirname(path.join(vault, to)), { recursive: true });
    await rename(path.join(vault, from), path.join(vault, to));
  };
  const snapshot = (read: string[]) => commitSnapshot(ctx, { read, owned: async () => new Set(), meta: (paths) => ({ kind: 'hand', paths, at: '2024-05-01T10:00:00Z' }) });
  const expectSameAsGit = () => expect(ctx.repo.headTree).toBe(plainGitTree(vault, path.join(temp.dir, `scratch-${scratchCount++}`)));

  beforeEach(async () => {
    temp = await makeTempDir('knower-trees-');
    vault = path.join(temp.dir, 'vault');
    failing.on = false;
    await put('overview.md', '# Overview\n');
    await put('tree.md', '# generated, never in the history\n');
    await put('.obsidian/workspace.json', '{}\n');
    await put('projects/garden/notes/beans.md', '# Beans\n');
    await put('projects/garden/state.md', '# State\n');
    await put('bucket/-leading dash.md', '# Dash\n');
    await put('bucket/with space and ünïcödé 知识.md', '# Names\n');
    await put('bucket/"quoted"\\back\tslash.md', '# Needs quoting in git output\n');
    // Beyond the Basic Multilingual Plane, UTF-16 and UTF-8 order differ: git sorts the bytes.
    await put('bucket/x🌱.md', '# before the wide mark as UTF-16, after it as UTF-8\n');
    await put('bucket/x\uff01.md', '# after the emoji as UTF-16, before it as UTF-8\n');
    await put('a/b.md', '# ab\n');
    await put('a.md', '# a.md sorts between the folder a and a-b\n');
    await put('a-b/c.md', '# c\n');
    ctx = await open();
    await commitVault(ctx, { owned: async () => new Set(), listPaths: false, meta: (c) => ({ kind: 'snapshot', files: c.count, at: '2024-05-01T10:00:00Z' }) });
  });
  afterEach(async () => temp.cleanup());

  it('records the first snapshot, then adds, edits, renames and deletes made by hand', async () => {
    expectSameAsGit();
    expect(ctx.commits.size).toBe(1);

    await put('bucket/new.md', '# New\n');
    await put('projects/garden/notes/beans.md', '# Beans\n\nSow in May.\n');
    await snapshot(['bucket/new.md', 'projects/garden/notes/beans.md']);
    expectSameAsGit();

    await move('bucket/new.md', 'projects/garden/notes/new.md');
    await snapshot(['bucket/new.md', 'projects/garden/notes/new.md']);
    expectSameAsGit();

    await gone('bucket/-leading dash.md');
    await snapshot(['bucket/-leading dash.md']);
    expectSameAsGit();
    expect(ctx.commits.size).toBe(4);
  });

  it('records folder moves, a folder deleted, a file replacing a folder and the reverse', async () => {
    await move('projects/garden', 'projects/allotment');
    await snapshot(['projects/garden', 'projects/allotment']);
    expectSameAsGit();

    await gone('a');
    await put('a', '# a is a file now\n');
    await snapshot(['a']);
    expectSameAsGit();

    await gone('a.md');
    await put('a.md/inside.md', '# a.md is a folder now\n');
    await snapshot(['a.md']);
    expectSameAsGit();

    await gone('projects');
    await snapshot(['projects']);
    expectSameAsGit();
  });

  it('applies explicit changes in order, as an update run commits them', async () => {
    const blob = (text: string) => storeBlob(ctx, Buffer.from(text));
    await put('bucket/run.md', '# Written by a run\n');
    await put('x/y/z.md', '# deep\n');
    await gone('a-b');
    await ctx.repo.commit({
      changes: [
        { path: 'a-b/c.md', blob: await blob('# first this\n') },
        { path: 'bucket/run.md', blob: await blob('# Written by a run\n') },
        { path: 'x', blob: await blob('# a file, then a folder below it: the file gives way\n') },
        { path: 'x/y/z.md', blob: await blob('# deep\n') },
        { path: 'a-b/c.md', blob: null },
      ],
      message: 'run\n',
      author: { name: 'Knower update agent', email: 'update-agent@knower.invalid' },
      date: new Date('2024-05-01T10:00:00Z'),
    });
    expectSameAsGit();
    // Nothing new: no commit.
    const commits = spawnSync('git', ['--git-dir', ctx.repo.git.gitDir, 'rev-list', '--count', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    expect(await ctx.repo.commit({ changes: [{ path: 'overview.md', blob: await blob('# Overview\n') }], message: 'same\n', author: { name: 'n', email: 'e@e' }, date: new Date() })).toBeNull();
    expect(spawnSync('git', ['--git-dir', ctx.repo.git.gitDir, 'rev-list', '--count', 'HEAD'], { encoding: 'utf8' }).stdout.trim()).toBe(commits);
  });

  it("keeps a run's paths inside a folder reported by hand as the run found them", async () => {
    // The watcher reports the new folder; the run wrote archive/run.md, which did not exist before it.
    await put('projects/garden/archive/by hand.md', '# Moved here by hand\n');
    await put('projects/garden/archive/run.md', '# Written by the run\n');
    await put('projects/garden/state.md', '# State, as the run found it\n');
    await commitSnapshot(ctx, {
      read: ['projects/garden/archive'],
      known: new Map<string, Buffer | null>([
        ['projects/garden/archive/run.md', null],
        ['projects/garden/state.md', Buffer.from('# State, as the run found it\n')],
      ]),
      owned: async () => new Set(),
      meta: (paths) => ({ kind: 'hand', paths, at: '2024-05-01T10:00:00Z' }),
    });
    expect(ctx.commits.get(ctx.repo.head as string)?.subject).toBe('Hand edits: 2 files');
    await gone('projects/garden/archive/run.md');
    expectSameAsGit();
  });

  it('carries on after a restart, and after a commit cut short between its objects and the branch', async () => {
    await put('bucket/before restart.md', '# One\n');
    await snapshot(['bucket/before restart.md']);
    ctx = await open();
    await put('projects/garden/notes/after restart.md', '# Two\n');
    await snapshot(['projects/garden/notes/after restart.md']);
    expectSameAsGit();

    const head = ctx.repo.head;
    failing.on = true;
    await put('bucket/cut short.md', '# Three\n');
    await expect(snapshot(['bucket/cut short.md'])).rejects.toThrow('killed');
    failing.on = false;
    ctx = await open();
    expect(ctx.repo.head).toBe(head);
    // What Knower sees at its next start: the vault against the history, whole.
    await gone('bucket/with space and ünïcödé 知识.md');
    await commitVault(ctx, { owned: async () => new Set(), listPaths: true, meta: (c) => ({ kind: 'hand', paths: c.sorted(), at: '2024-05-01T10:00:00Z' }) });
    expectSameAsGit();
    expect(ctx.commits.get(ctx.repo.head as string)?.subject).toBe('Hand edits: 2 files');
  });

  it('commits nothing of a whole-vault walk told to stop half way', async () => {
    await put('bucket/later.md', '# Later\n');
    const head = ctx.repo.head;
    let folders = 0;
    const info = await commitVault(ctx, {
      owned: async () => new Set(),
      listPaths: true,
      stopped: () => ++folders > 2,
      meta: (c) => ({ kind: 'hand', paths: c.sorted(), at: '2024-05-01T10:00:00Z' }),
    });
    expect(info).toBeNull();
    expect(ctx.repo.head).toBe(head);
  });

  it('writes the commit object git commit-tree writes', async () => {
    await put('bucket/new.md', '# New\n');
    const { info } = await snapshot(['bucket/new.md']);
    const raw = spawnSync('git', ['--git-dir', ctx.repo.git.gitDir, 'cat-file', 'commit', info?.commit as string], { encoding: 'utf8' }).stdout;
    const message = raw.slice(raw.indexOf('\n\n') + 2);
    const env = {
      PATH: process.env.PATH,
      GIT_DIR: ctx.repo.git.gitDir,
      GIT_AUTHOR_NAME: 'Hand edits',
      GIT_AUTHOR_EMAIL: 'hand-edits@knower.invalid',
      GIT_AUTHOR_DATE: '1714557600 +0000',
      GIT_COMMITTER_NAME: 'Knower',
      GIT_COMMITTER_EMAIL: 'knower@knower.invalid',
      GIT_COMMITTER_DATE: '1714557600 +0000',
    };
    const byGit = spawnSync('git', ['commit-tree', ctx.repo.headTree, '-p', info?.parent as string, '-F', '-'], { env, input: message, encoding: 'utf8' });
    expect(byGit.stdout.trim()).toBe(info?.commit);
    expect(spawnSync('git', ['--git-dir', ctx.repo.git.gitDir, 'fsck', '--strict', '--no-dangling'], { encoding: 'utf8' }).status).toBe(0);
  });
});
