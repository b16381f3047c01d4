import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { searchNotices } from '../../src/health/health-report.js';
import { disposeSandbox, makeEngine, makeSandbox, type Sandbox } from './qmd-fixture.js';

const MB = 1024 * 1024;

/**
 * A log-like note of `mb` megabytes, written a megabyte at a time: `early` is in its first
 * megabyte only, `late` in its last only. Lines differ (numbered), as a real log's do.
 */
function writeGiantNote(file: string, mb: number, early: string, late: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `# Build log\n\nThe ${early} step started the run.\n\n`);
    for (let chunk = 0; chunk < mb; chunk++) {
      const lines: string[] = [];
      let size = 0;
      for (let line = 0; size < MB - 200; line++) {
        const text = `step ${chunk}.${line}: compiled module m${(chunk * 7919 + line) % 100_000} in ${line % 97} ms\n`;
        lines.push(text);
        size += text.length;
      }
      if (chunk === mb - 1) lines.push(`The ${late} step ended the run.\n`);
      writeSync(fd, lines.join(''));
    }
  } finally {
    closeSync(fd);
  }
}

/** The peak resident memory of a process, in MB (Linux's high-water mark). */
const peakMb = (pid: number) => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

describe('a giant note', () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it('is indexed by its first 4 MB under a 2 GB heap: searchable by a word in its first MB, the hit and the status naming the budget', { timeout: 180_000 }, async () => {
    sandbox = await makeSandbox({ 'bucket/small.md': '# Small\n\nA quokka was seen near the lake.\n' });
    writeGiantNote(join(sandbox.vault, 'projects/big/build-log.md'), 200, 'quokka', 'wombat');
    // The worker process runs with a 2 GB heap, as under a container's or a small machine's limit.
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: sandbox.home, NODE_OPTIONS: '--max-old-space-size=2048' };
    const engine = makeEngine(sandbox, { env, timeouts: { searchMs: 60_000, syncMs: 120_000 } });
    await engine.scan(() => undefined);

    const status = engine.status();
    expect(status).toMatchObject({ available: true, documents: 2, partial: false, workerStarts: 1 });
    expect(status.degraded).toBeUndefined();
    expect(status.noteBudget).toEqual({ bytes: 4 * MB, oversized: 1, examples: ['projects/big/build-log.md'] });
    expect(searchNotices(status)).toEqual(['1 note is larger than the 4 MB Knower reads of a note: search, outline and section see only the first 4 MB (projects/big/build-log.md)']);
    // The worker never held the note whole: its peak stays far below the note's size twice over.
    expect(peakMb(status.workerPid!)).toBeLessThan(400);

    const early = await engine.search({ query: 'quokka' });
    expect(early.degraded).toBeUndefined();
    const big = early.results.find((h) => h.path === 'projects/big/build-log.md');
    expect(big).toMatchObject({ title: 'Build log', snippet: expect.stringContaining('quokka') });
    expect(big?.truncated).toMatch(/^only the first 4 MB of this 200 MB note are searchable$/);
    expect(early.results.find((h) => h.path === 'bucket/small.md')?.truncated).toBeUndefined();
    // Past the budget, nothing is indexed: that is the budget.
    expect((await engine.search({ query: 'wombat' })).results).toEqual([]);
  });
});
