// `knower test` ends with what CI reads: a line per phase, the failed tests by name, then the counts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarize } from '../../src/cli/test-run/summary.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'knower-summary-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('knower test: summary', () => {
  it('names each failed test with the first line of its reason, just above the counts', async () => {
    const report = join(root, 'core.json');
    await writeFile(
      report,
      JSON.stringify({
        numPassedTests: 5,
        numFailedTests: 1,
        testResults: [
          { name: join(root, 'core/test/a.test.ts'), status: 'passed', assertionResults: [{ fullName: 'a works', status: 'passed' }] },
          {
            name: join(root, 'core/test/b.test.ts'),
            status: 'failed',
            assertionResults: [
              { fullName: 'b saves', status: 'passed', failureMessages: [] },
              { fullName: 'b > keeps the note', status: 'failed', failureMessages: ['\nAssertionError: expected 1 to be 2\n    at b.test.ts:3'] },
            ],
          },
          { name: join(root, 'core/test/c.test.ts'), status: 'failed', message: 'Cannot find module x\nstack', assertionResults: [] },
        ],
      }),
    );
    const { lines, failed } = summarize(
      [
        { name: 'build', code: 0 },
        { name: 'test:core', code: 1, report },
      ],
      root,
    );
    expect(failed).toBe(1);
    expect(lines.slice(-8)).toEqual([
      '',
      'failed:',
      '  core/test/b.test.ts > b > keeps the note',
      '      AssertionError: expected 1 to be 2',
      '  core/test/c.test.ts',
      '      Cannot find module x',
      '',
      '5 passed, 1 failed',
    ]);
  });

  it('lists nothing when every phase passed, and counts a phase with no report as one failure', () => {
    const ok = summarize([{ name: 'build', code: 0 }], root);
    expect(ok.lines).not.toContain('failed:');
    expect(ok.lines.at(-1)).toBe('0 passed, 0 failed');
    const lint = summarize([{ name: 'lint', code: 2 }], root);
    expect(lint.lines.at(-1)).toBe('0 passed, 1 failed');
    expect(lint.lines).toContain('  lint              FAILED');
  });
});
