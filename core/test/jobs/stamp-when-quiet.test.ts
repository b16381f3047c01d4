import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackgroundJob, type BackgroundJob } from '../../src/jobs/index.js';
import { silentLogger } from '../../src/logger.js';
import { parseNote, VaultIndex } from '../../src/vault/index.js';
import { SelfWrites } from '../../src/watch/index.js';
import { createFakeSearchEngine } from '../fakes/fake-search-engine.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

// Long enough that a note looked at on its first change is searched well before its stamp is due.
const QUIET_MS = 3000;

async function startJob() {
  const temp = await makeTempDir();
  const engine = createFakeSearchEngine(temp.dir);
  let now = new Date('2025-03-01T09:00:00Z');
  const index = new VaultIndex();
  const job = createBackgroundJob({
    root: temp.dir,
    index,
    engine,
    selfWrites: new SelfWrites(),
    clock: () => now,
    log: silentLogger,
    mode: 'all',
    onListingChange: () => undefined,
    quietMs: QUIET_MS,
  });
  const hits = async (word: string) => (await engine.search({ query: word, mode: 'fast', limit: 5 })).results.map((h) => h.path);
  return { dir: temp.dir, engine, index, job, hits, setClock: (at: string) => (now = new Date(at)), cleanup: temp.cleanup };
}

/** The note holds `body` under one stamp of the job, and the job wrote it once. */
async function expectStampedOnce(job: BackgroundJob, file: string, body: string): Promise<void> {
  const parsed = parseNote(await readFile(file, 'utf8'));
  expect(parsed.ok && parsed.body).toBe(body);
  expect(parsed.ok && parsed.data.tokens).toBe(Math.ceil(body.length / 4));
  expect(job.stats().writes).toBe(1);
}

describe('the job indexes a change at once and stamps it once the note is quiet', () => {
  let ctx: Awaited<ReturnType<typeof startJob>> | undefined;
  let job: BackgroundJob | undefined;
  afterEach(async () => {
    job?.close();
    await ctx?.cleanup();
  });

  it('a saved note is searchable before the quiet period is over, and stamped only after it', async () => {
    ctx = await startJob();
    job = ctx.job;
    await job.start();
    const file = path.join(ctx.dir, 'kiwi.md');
    const body = '# Kiwis\n\nThe orchard planted kiwis in rows.\n';
    await writeFile(file, body);
    job.enqueue('kiwi.md');

    await waitFor(async () => (await ctx!.hits('orchard')).includes('kiwi.md'), QUIET_MS, 'the note to be searchable');
    expect(await readFile(file, 'utf8')).toBe(body);

    await job.whenIdle();
    await expectStampedOnce(job, file, body);
  });

  it('a note saved again while its stamp waits is stamped once, with the last save', async () => {
    ctx = await startJob();
    job = ctx.job;
    await job.start();
    const file = path.join(ctx.dir, 'plan.md');
    await writeFile(file, '# Plan\n\nfirst draft mentions walnuts\n');
    job.enqueue('plan.md');
    await waitFor(async () => (await ctx!.hits('walnuts')).includes('plan.md'), QUIET_MS, 'the first save to be searchable');
    const last = '# Plan\n\nsecond draft mentions chestnuts\n';
    await writeFile(file, last);
    job.enqueue('plan.md');

    await job.whenIdle();
    expect(await ctx.hits('chestnuts')).toEqual(['plan.md']);
    expect(await ctx.hits('walnuts')).toEqual([]);
    await expectStampedOnce(job, file, last);
  });

  it('a note changed and changed back before it is quiet keeps its `updated`', async () => {
    ctx = await startJob();
    job = ctx.job;
    const file = path.join(ctx.dir, 'stable.md');
    const body = '# Stable\n\nnothing new here\n';
    await writeFile(file, `---\ntokens: ${Math.ceil(body.length / 4)}\nupdated: 2025-01-01T00:00:00.000Z\ncreated: 2025-01-01T00:00:00.000Z\n---\n${body}`);
    await job.start();
    await job.whenIdle();
    const original = await readFile(file, 'utf8');
    ctx.setClock('2025-03-02T09:00:00Z');

    await writeFile(file, original.replace('nothing new here', 'a passing thought'));
    job.enqueue('stable.md');
    await waitFor(async () => (await ctx!.hits('passing')).includes('stable.md'), QUIET_MS, 'the change to be searchable');
    await writeFile(file, original);
    job.enqueue('stable.md');
    await job.whenIdle();

    expect(await readFile(file, 'utf8')).toBe(original);
    expect(job.stats().writes).toBe(0);
  });

  it('a note moved aside mid-save stays listed; one deleted for good goes once it is quiet', async () => {
    ctx = await startJob();
    job = ctx.job;
    const file = path.join(ctx.dir, 'draft.md');
    await writeFile(file, '# Draft\n\nfirst words\n');
    await writeFile(path.join(ctx.dir, 'old.md'), '# Old\n');
    await job.start();
    await job.whenIdle();

    // An editor's save: the note renamed aside, then written anew under its name.
    const syncs = ctx.engine.syncs;
    await rename(file, `${file}~`);
    job.enqueue('draft.md');
    await waitFor(() => ctx!.engine.syncs > syncs, QUIET_MS, 'the first look');
    expect(ctx.index.has('draft.md')).toBe(true);
    await writeFile(file, '# Draft\n\nsecond words\n');
    await rm(`${file}~`);
    job.enqueue('draft.md');
    await job.whenIdle();
    expect(ctx.index.has('draft.md')).toBe(true);
    expect(await ctx.hits('second')).toEqual(['draft.md']);

    await rm(path.join(ctx.dir, 'old.md'));
    job.enqueue('old.md');
    await job.whenIdle();
    expect(ctx.index.has('old.md')).toBe(false);
  });

  it('a note gone from a folder looked at whole leaves the listing once the folder is quiet', async () => {
    ctx = await startJob();
    job = ctx.job;
    await mkdir(path.join(ctx.dir, 'notes'));
    await writeFile(path.join(ctx.dir, 'notes', 'kept.md'), '# Kept\n');
    await writeFile(path.join(ctx.dir, 'notes', 'gone.md'), '# Gone\n');
    await job.start();
    await job.whenIdle();

    // The watcher reports the folder: its first look finds one note gone, which stays listed
    // until the look once the folder is quiet, and then goes.
    await rm(path.join(ctx.dir, 'notes', 'gone.md'));
    job.enqueue('notes');
    await job.whenIdle();
    expect(ctx.index.has('notes/gone.md')).toBe(false);
    expect(ctx.index.has('notes/kept.md')).toBe(true);
  });
});
