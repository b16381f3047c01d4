// `knower start` on a terminal: one progress line rewritten in place until search covers the
// vault; Ctrl-C stops the waiting, not the service.
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/cli/http-client.js';
import type { Output } from '../../src/cli/output.js';
import type { ProbedHealth } from '../../src/cli/service/health-probe.js';
import { followIndexing } from '../../src/cli/service/readiness.js';
import { sendJson, standIn, type StandIn } from './knower-process.js';

function terminal(): Output & { text: () => string } {
  let text = '';
  return {
    say: (line) => (text += `${line}\n`),
    warn: (line) => (text += `knower: ${line}\n`),
    write: (t) => (text += t),
    writeErr: (t) => (text += t),
    isTTY: true,
    text: () => text,
  };
}

const indexing = (done: number, total: number): ProbedHealth => ({
  status: done < total ? 'indexing' : 'ok',
  vault: { path: '/v' },
  indexing: { ready: done >= total, files: { done: total, total }, search: { done, total } },
});

/** A first pass that has not counted anything yet. */
const counting: ProbedHealth = { status: 'indexing', vault: { path: '/v' }, indexing: { ready: false, files: { done: 0, total: 0 }, search: { done: 0, total: 0 } } };

let server: StandIn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('start progress on a terminal', () => {
  it('rewrites one line with the live count, then clears it when search covers the vault', async () => {
    let done = 0;
    server = await standIn((_req, res) => {
      done += 5;
      sendJson(res, 200, indexing(Math.min(done, 10), 10));
    });
    const out = terminal();
    const result = await followIndexing(indexing(0, 10), {
      client: createHttpClient(server.url),
      out,
      wait: false,
      signal: new AbortController().signal,
      intervalMs: 10,
    });
    expect(result).toBe('ready');
    expect(out.text()).toBe(
      '\r\x1b[2KIndexing the vault: 10/10 files read, 0/10 notes searchable' +
        '\r\x1b[2KIndexing the vault: 10/10 files read, 5/10 notes searchable' +
        '\r\x1b[2K' +
        'Search covers the vault: 10 notes.\n',
    );
  });

  it('stops waiting on Ctrl-C and leaves the service alone', async () => {
    server = await standIn((_req, res) => sendJson(res, 200, indexing(1, 10)));
    const out = terminal();
    const controller = new AbortController();
    const following = followIndexing(indexing(1, 10), { client: createHttpClient(server.url), out, wait: false, signal: controller.signal, intervalMs: 10 });
    while (server.requests.length < 2) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect(await following).toBe('interrupted');
    expect(out.text().endsWith('1/10 notes searchable\n')).toBe(true);
    expect(server.requests.every((r) => r === 'GET /health')).toBe(true);
  });

  it('says so when the service goes away while indexing', async () => {
    server = await standIn((_req, res) => sendJson(res, 200, indexing(1, 10)));
    const url = server.url;
    await server.close();
    server = undefined;
    const result = await followIndexing(indexing(1, 10), { client: createHttpClient(url), out: terminal(), wait: true, signal: new AbortController().signal, intervalMs: 10 });
    expect(result).toBe('gone');
  });
});

describe('start progress off a terminal', () => {
  const pipe = (): Output & { text: () => string } => ({ ...terminal(), isTTY: false });

  it('waits for a first count rather than print 0/0, then says indexing goes on in the background', async () => {
    let polls = 0;
    server = await standIn((_req, res) => {
      polls++;
      sendJson(res, 200, polls < 3 ? counting : indexing(40, 5004));
    });
    const out = pipe();
    const result = await followIndexing(counting, { client: createHttpClient(server.url), out, wait: false, signal: new AbortController().signal, intervalMs: 10 });
    expect(result).toBe('indexing');
    expect(out.text()).toBe('Indexing the vault: 5004/5004 files read, 40/5004 notes searchable; it goes on in the background (./knower status shows progress; start --wait waits for it)\n');
  });

  it('says the vault is covered when a small vault is done before the first count is shown', async () => {
    server = await standIn((_req, res) => sendJson(res, 200, indexing(12, 12)));
    const out = pipe();
    const result = await followIndexing(counting, { client: createHttpClient(server.url), out, wait: false, signal: new AbortController().signal, intervalMs: 10 });
    expect(result).toBe('ready');
    expect(out.text()).toBe('Search covers the vault: 12 notes.\n');
  });
});
