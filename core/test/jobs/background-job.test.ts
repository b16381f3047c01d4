import { spawn } from 'node:child_process';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KnowerEvent } from '../../src/events/index.js';
import { parseNote, timestamp } from '../../src/vault/index.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('background job', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('gives a hand-saved note tokens, updated and created, and lists it in tree.md', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const events: KnowerEvent[] = [];
    t.knower.bus.subscribe((e) => events.push(e));
    const body = '# Groceries\n\nBuy kiwis and oat milk.\n';
    await writeFile(path.join(t.vault, 'bucket', 'groceries.md'), body);

    await waitFor(() => events.some((e) => e.type === 'file_changed' && e.data.path === 'bucket/groceries.md'), 5000, 'file_changed');
    await t.knower.whenSettled();
    const parsed = parseNote(await readFile(path.join(t.vault, 'bucket', 'groceries.md'), 'utf8'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.body).toBe(body);
    expect(parsed.data.tokens).toBe(Math.ceil(body.length / 4));
    expect(parsed.data.updated).toBeInstanceOf(Date);
    expect(parsed.data.created).toBeInstanceOf(Date);
    const tree = await readFile(path.join(t.vault, 'tree.md'), 'utf8');
    expect(tree).toContain(`groceries.md · ${Math.ceil(body.length / 4)} tokens`);
  });

  it('never loses a line appended in bursts by another process while it works', async () => {
    t = await startTestApp({ env: {} });
    await t.knower.whenSettled();
    const file = path.join(t.vault, 'projects', 'log.md');
    await writeFile(file, '# Log\n');
    // Bursts of appends with pauses just around the job's quiet period (200 ms), so its
    // rewrites keep landing as the next burst starts.
    const script = `const fs = require('fs'); let n = 0;
      const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      for (let burst = 0; burst < 25; burst++) {
        for (let i = 0; i < 20; i++) { fs.appendFileSync(process.argv[1], 'entry ' + n++ + '\\n'); sleep(1); }
        sleep(195 + (burst % 5) * 5);
      }
      process.stdout.write(String(n));`;
    const child = spawn(process.execPath, ['-e', script, file]);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    // The watcher reports the last appends a moment after the writer exits: wait for the job to
    // have counted the final text.
    const text = await waitFor(
      async () => {
        await t.knower.whenSettled();
        const current = await readFile(file, 'utf8');
        const parsed = parseNote(current);
        return parsed.ok && parsed.data.tokens === Math.ceil(parsed.body.length / 4) && current;
      },
      10_000,
      'the job to catch up',
    );

    const count = Number(out);
    expect(count).toBe(500);
    const missing = Array.from({ length: count }, (_, i) => `entry ${i}\n`).filter((l) => !text.includes(l));
    expect(missing).toEqual([]);
    expect(t.knower.job.stats().writes).toBeGreaterThan(1);
  });

  it('does not react to its own writes', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const events: KnowerEvent[] = [];
    t.knower.bus.subscribe((e) => events.push(e));
    // Saved as editors do (a whole file renamed into place), so the hand save is one event: a plain
    // writeFile truncates and then writes, which a loaded watcher may report as two saves.
    const temp = path.join(path.dirname(t.vault), 'tasks.md.tmp');
    await writeFile(temp, '# Tasks\n\n- [ ] call the plumber\n');
    await rename(temp, path.join(t.vault, 'tasks.md'));
    // The hand save's own event (a tree_changed left over from the start may come first).
    await waitFor(() => events.some((e) => e.type === 'file_changed'), 5000, 'an event');
    await t.knower.whenSettled();
    const writes = t.knower.job.stats().writes;
    await new Promise((r) => setTimeout(r, 600));
    await t.knower.whenSettled();
    expect(t.knower.job.stats().writes).toBe(writes);
    // The hand save, then the job's own stamp (announced so token counts refresh), then nothing.
    expect(events.filter((e) => e.type === 'file_changed')).toHaveLength(1 + writes);
    expect(writes).toBe(1);
  });

  it('leaves malformed frontmatter untouched and still lists the note; binary files are listed as files', async () => {
    const malformed = '---\ntitle: [unclosed\n---\n# Still here\n';
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    // Stamping every note: the malformed one is looked at, and left alone.
    t = await startTestApp({
      env: { KNOWER_FRONTMATTER: 'all' },
      prepare: async (vault) => {
        const { mkdir } = await import('node:fs/promises');
        await mkdir(path.join(vault, 'bucket'), { recursive: true });
        await writeFile(path.join(vault, 'bucket', 'broken.md'), malformed);
        await writeFile(path.join(vault, 'bucket', 'photo 写真.png'), png);
      },
    });
    await t.knower.whenSettled();
    expect(await readFile(path.join(t.vault, 'bucket', 'broken.md'), 'utf8')).toBe(malformed);
    expect(t.knower.index.get('bucket/broken.md')).toMatchObject({ kind: 'note', malformed: expect.any(String) });
    expect(t.knower.index.get('bucket/photo 写真.png')).toMatchObject({ kind: 'file', size: png.length });
    expect(await readFile(path.join(t.vault, 'tree.md'), 'utf8')).toContain('photo 写真.png · file');
  });

  it('says "indexing" with its progress until the first pass is over, then "ok"', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t = await startTestApp({
      prepare: async (vault) => {
        const { mkdir } = await import('node:fs/promises');
        await mkdir(path.join(vault, 'Journal'), { recursive: true });
        for (let i = 0; i < 30; i++) await writeFile(path.join(vault, 'Journal', `day ${i}.md`), `Day ${i}.\n`);
      },
      wrapSearch: (engine) => ({
        ...engine,
        // The first batch arrives, then the pass waits: what a person sees on a large vault.
        scan: (onBatch) =>
          engine
            .scan((batch, progress) => onBatch(batch, { ...progress, files: { done: 10, total: progress.files.total } }))
            .then(async (done) => {
              await gate;
              return done;
            }),
      }),
    });
    const during = await waitFor(
      async () => {
        const body = (await t.app.inject('/health')).json();
        return body.indexing.files.total > 0 && body;
      },
      5000,
      'progress',
    );
    expect(during).toMatchObject({ status: 'indexing', indexing: { ready: false, files: { done: 10, total: 34 } } });
    release();
    await t.knower.whenSettled();
    expect((await t.app.inject('/health')).json()).toMatchObject({ status: 'ok', indexing: { ready: true, files: { done: 34, total: 34 } } });
  });

  it("in a vault the person already had, lists their notes with the files' own times and never rewrites them", async () => {
    const mine = 'A note of mine, no frontmatter.\n';
    t = await startTestApp({
      prepare: async (vault) => {
        const { mkdir } = await import('node:fs/promises');
        await mkdir(path.join(vault, 'Journal'), { recursive: true });
        await mkdir(path.join(vault, 'projects', 'mine'), { recursive: true });
        await writeFile(path.join(vault, 'Journal', 'day.md'), mine);
        await writeFile(path.join(vault, 'projects', 'mine', 'old.md'), mine);
      },
    });
    await t.knower.whenSettled();
    expect(t.knower.frontmatter.mode).toBe('knower');
    for (const rel of ['Journal/day.md', 'projects/mine/old.md']) {
      expect(await readFile(path.join(t.vault, rel), 'utf8')).toBe(mine);
      const { mtime } = await stat(path.join(t.vault, rel));
      expect(t.knower.index.get(rel)).toMatchObject({ kind: 'note', tokens: Math.ceil(mine.length / 4), updated: timestamp(mtime) });
    }
    // Saved by hand later: outside Knower's folders it stays as written; inside, Knower stamps it.
    await writeFile(path.join(t.vault, 'Journal', 'later.md'), mine);
    await writeFile(path.join(t.vault, 'bucket', 'clip.md'), mine);
    await waitFor(() => t.knower.index.get('Journal/later.md') && t.knower.index.get('bucket/clip.md'), 5000, 'both listed');
    await waitFor(
      async () => {
        await t.knower.whenSettled();
        const parsed = parseNote(await readFile(path.join(t.vault, 'bucket', 'clip.md'), 'utf8'));
        return parsed.ok && parsed.data.created instanceof Date && parsed.body === mine;
      },
      5000,
      'the bucket note stamped',
    );
    expect(await readFile(path.join(t.vault, 'Journal', 'later.md'), 'utf8')).toBe(mine);
  });

  it('keeps `updated` across restarts when nothing changed', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const before = await readFile(path.join(t.vault, 'overview.md'), 'utf8');
    expect(t.knower.job.stats().writes).toBe(0);
    expect(parseNote(before).ok).toBe(true);
  });
});
