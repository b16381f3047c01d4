import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogFormatter } from '../../src/cli/logs/log-format.js';
import { followFile, tailLines } from '../../src/cli/logs/log-tail.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

const time = Date.UTC(2026, 10, 22, 23, 47, 10);
const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time, pid: 7, hostname: 'vm', ...fields });
const incoming = (reqId: string, url: string, method = 'GET') => line({ reqId, req: { method, url, host: '127.0.0.1:8000', remoteAddress: '127.0.0.1' }, msg: 'incoming request' });
const completed = (reqId: string, statusCode: number, responseTime = 2.4) => line({ reqId, res: { statusCode }, responseTime, msg: 'request completed' });

function formatAll(lines: string[]): string[] {
  const formatter = createLogFormatter({ timeZone: 'UTC' });
  return lines.flatMap((l) => formatter.format(l));
}

describe('knower logs: lines for people', () => {
  it('shows one line per request and drops the /health polls', () => {
    const shown = formatAll([
      incoming('req-1', '/health'),
      completed('req-1', 200),
      incoming('req-2', '/vault/search?q=tomatoes'),
      incoming('req-3', '/health?x=1'),
      completed('req-3', 200),
      completed('req-2', 200, 567.8),
    ]);
    expect(shown).toEqual(['2026-11-22 23:47:10 INFO  GET /vault/search?q=tomatoes 200 568 ms']);
  });

  it('prints the message, the level and the extra fields; an error with its stack', () => {
    const shown = formatAll([
      line({ created: ['overview.md', 'tasks.md'], msg: 'created the vault skeleton' }),
      line({ level: 50, err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (y.js:1:1)' }, path: 'a note.md', msg: 'write failed' }),
    ]);
    expect(shown).toEqual([
      '2026-11-22 23:47:10 INFO  created the vault skeleton  created=["overview.md","tasks.md"]',
      '2026-11-22 23:47:10 ERROR write failed  path="a note.md"',
      '    Error: boom',
      '        at x (y.js:1:1)',
    ]);
  });

  it('passes lines that are not pino JSON through, and drops completions whose start it did not see', () => {
    const shown = formatAll(['--- knower start 2026-11-22T23:47:10Z', '', 'Knower failed to start: EADDRINUSE', completed('req-9', 200), '{"not": "closed"']);
    expect(shown).toEqual(['--- knower start 2026-11-22T23:47:10Z', 'Knower failed to start: EADDRINUSE', '{"not": "closed"']);
  });
});

describe('knower logs: reading the file', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-logs-'));
  });
  afterEach(async () => {
    await cleanup();
  });

  it('reads back from the end until it has enough lines to show, past chunks of dropped polls', async () => {
    const file = path.join(dir, 'core.log');
    const polls = Array.from({ length: 3000 }, (_, i) => [incoming(`req-p${String(i)}`, '/health'), completed(`req-p${String(i)}`, 200)]).flat();
    await writeFile(file, [line({ msg: 'first' }), line({ msg: 'second' }), ...polls, line({ msg: 'last' }), ''].join('\n'));
    const count = (lines: string[]) => formatAll(lines).length;
    const two = tailLines(file, 2, count).lines;
    expect(
      formatAll(two)
        .slice(-2)
        .map((l) => l.slice(26)),
    ).toEqual(['second', 'last']);
    // One line to show: the last chunk is enough, the polls before it are never read.
    const one = tailLines(file, 1, count).lines;
    expect(formatAll(one).map((l) => l.slice(26))).toEqual(['last']);
    expect(one.length).toBeLessThan(polls.length / 4);
    expect(tailLines(file, 0, count).lines).toEqual([]);
  });

  it('follows what is appended, whole lines only, from where it was', async () => {
    const file = path.join(dir, 'core.log');
    await writeFile(file, 'old\n');
    const seen: string[] = [];
    const controller = new AbortController();
    const following = followFile(file, 4, (lines) => seen.push(...lines), controller.signal);
    await appendFile(file, 'new 1\nnew ');
    await waitFor(() => seen.length === 1, 5000, 'the first appended line');
    await appendFile(file, '2 東京\n');
    await waitFor(() => seen.length === 2, 5000, 'the second appended line');
    controller.abort();
    await following;
    expect(seen).toEqual(['new 1', 'new 2 東京']);
  });
});
