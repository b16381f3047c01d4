// What the app does, from the command line: waiting on the event stream, live steps of an update
// or a question, one update or question shown, retry, restore, and the messages around them.
// A stand-in service on 127.0.0.1 speaks the same HTTP and SSE as the real one.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { repoRoot, runKnower, sendJson, shellEnv } from './knower-process.js';

const UPDATE = '20250314-092600-a1b2c3';
const RETRIED = '20250314-093500-0f0f0f';
const QUESTION = 'q-20250314-092700-abcdef';

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** A stand-in service: routes answer with JSON; /sse streams what `push` sends to every open stream. */
class StandInService {
  readonly requests: Request[] = [];
  private readonly streams = new Set<ServerResponse>();
  private server!: Server;
  port = 0;
  /** Serves /sse; without it /sse is one more route (a proxy that does not pass streams). */
  sse = true;
  /** Answers a request; undefined means 404. */
  route: (req: Request, res: ServerResponse) => void = (_req, res) => sendJson(res, 404, { error: 'not_found', message: 'no route' });

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname === '/sse' && this.sse) {
          res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
          res.write('retry: 2000\n\nevent: ready\ndata: {}\n\n');
          this.streams.add(res);
          res.on('close', () => this.streams.delete(res));
          return;
        }
        const recorded = { method: req.method ?? '', path: url.pathname, query: url.searchParams, body: Buffer.concat(chunks).toString('utf8') };
        this.requests.push(recorded);
        this.route(recorded, res);
      });
    });
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Sends an event to every open stream, as the service's bus would. */
  push(type: string, data: unknown): void {
    for (const res of this.streams) res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  async stop(): Promise<void> {
    for (const res of this.streams) res.end();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}

let scratch: string;
let service: StandInService;
const env = (extra: Record<string, string> = {}) =>
  shellEnv(scratch, { HOST: '127.0.0.1', PORT: String(service.port), KNOWER_STATE_DIR: join(scratch, 'state'), KNOWER_RUN_DIR: join(scratch, 'run'), ...extra });
const later = (ms: number, fn: () => void) => setTimeout(fn, ms);

beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'knower-parity-')));
  service = new StandInService();
  await service.start();
});
afterAll(async () => {
  await service.stop();
  await rm(scratch, { recursive: true, force: true });
});
afterEach(() => {
  service.requests.length = 0;
});

const running = { id: UPDATE, status: 'running', created: '2025-03-14T09:26:00.000Z', text: 'garlic is in' };
const done = {
  ...running,
  status: 'done',
  finished: '2025-03-14T09:26:04.000Z',
  summary: 'Filed the garlic.',
  files: ['projects/garden/garlic.md', 'bucket/old.md'],
  changes: [
    { path: 'projects/garden/garlic.md', kind: 'created' },
    { path: 'bucket/old.md', kind: 'deleted' },
  ],
};
const step = (n: number, tool: string, extra: Record<string, unknown>) => ({ id: UPDATE, step: { n, at: '2025-03-14T09:26:01.000Z', tool, ok: true, ...extra } });

describe('add --wait on the event stream', () => {
  it('prints each step as it happens and the outcome the moment it is published, without polling', async () => {
    service.route = (req, res) => {
      if (req.method === 'POST' && req.path === '/update') {
        sendJson(res, 202, { status: 'accepted', id: UPDATE });
        later(50, () => service.push('update_step', step(1, 'read', { path: 'projects/garden/state.md' })));
        later(100, () => service.push('update_step', step(2, 'search', { query: 'garlic' })));
        later(150, () => service.push('update_status', done));
      } else if (req.path === `/updates/${UPDATE}`) sendJson(res, 200, running);
    };
    const result = await runKnower(['add', 'garlic is in', '--wait'], env(), scratch);
    expect(result.code).toBe(0);
    // Deleted files are said to be deleted, not listed as written.
    expect(result.stdout).toBe(`${UPDATE}\ndone: created projects/garden/garlic.md, deleted bucket/old.md\n`);
    expect(result.stderr).toContain(`knower: update ${UPDATE}: running…`);
    expect(result.stderr).toContain('   1 read   projects/garden/state.md\n');
    expect(result.stderr).toContain('   2 search "garlic"\n');
    // One look at the update when it was accepted; the rest came on the stream.
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /update', `GET /updates/${UPDATE}`]);
  });

  it('gives up after --timeout with exit 5, not as a failure, and says the update goes on', async () => {
    service.route = (req, res) => {
      if (req.method === 'POST') sendJson(res, 202, { status: 'accepted', id: UPDATE });
      else sendJson(res, 200, running);
    };
    const result = await runKnower(['add', 'garlic is in', '--wait', '--timeout', '1'], env(), scratch);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(`knower: stopped waiting after 1s: update ${UPDATE} is still running and goes on (./knower show ${UPDATE} says how it ended)`);
  });

  it('asks every second instead when the stream is not there', async () => {
    let polls = 0;
    service.route = (req, res) => {
      if (req.method === 'POST') sendJson(res, 202, { status: 'accepted', id: UPDATE });
      else sendJson(res, 200, ++polls < 2 ? running : { ...done, status: 'failed', error: 'model error 401 {"type":"error","error":{"type":"authentication_error"}}' });
    };
    // A proxy in front that does not pass the stream: SSE answers 404 here.
    const noStream = new StandInService();
    noStream.sse = false;
    noStream.route = (req, res) => {
      if (req.path === '/sse') sendJson(res, 404, { error: 'not_found' });
      else service.route(req, res);
    };
    await noStream.start();
    try {
      const result = await runKnower(['add', 'x', '--wait'], env({ PORT: String(noStream.port) }), scratch);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`failed: The model provider refused the API key. Check ANTHROPIC_API_KEY. Its input is kept in the inbox; ./knower retry ${UPDATE} runs it again`);
    } finally {
      await noStream.stop();
    }
  });
});

describe('ask with live progress', () => {
  it('says the question was taken, then each step, then prints the answer (sources not twice)', async () => {
    const question = { id: QUESTION, query: 'what about garlic?', mode: 'fast', status: 'pending', created: '2025-03-14T09:27:00.000Z' };
    service.route = (req, res) => {
      if (req.path !== '/search') return;
      // Another client's question first: not ours.
      service.push('question_status', { ...question, id: 'q-20250314-092700-000000', query: 'something else' });
      service.push('question_status', question);
      later(40, () => service.push('question_step', { id: QUESTION, step: { n: 1, at: 'x', tool: 'search', query: 'garlic', ok: true } }));
      later(80, () => service.push('question_step', { id: 'q-20250314-092700-000000', step: { n: 1, at: 'x', tool: 'read', path: 'not/ours.md', ok: true } }));
      later(120, () => service.push('question_step', { id: QUESTION, step: { n: 2, at: 'x', tool: 'read', path: 'projects/garden/garlic.md', ok: true } }));
      later(200, () =>
        sendJson(res, 200, { markdown: '## Garlic\nPlanted.\n\nSources\n- `projects/garden/garlic.md`\n', sources: ['projects/garden/garlic.md'], mode: 'fast', question_id: QUESTION }),
      );
    };
    const result = await runKnower(['ask', 'what about garlic?'], env(), scratch);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('## Garlic\nPlanted.\n\nSources\n- `projects/garden/garlic.md`\n');
    expect(result.stderr).toBe(`knower: question ${QUESTION}: the search agent is looking…\n   1 search "garlic"\n   2 read   projects/garden/garlic.md\n`);
  });

  it('a model failure: in words, with the question id and how to ask again, exit 1', async () => {
    service.route = (req, res) => {
      if (req.path === '/search') {
        sendJson(res, 503, {
          error: 'model_unavailable',
          message: 'the model could not answer: model error 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
          question_id: QUESTION,
        });
      }
    };
    const result = await runKnower(['ask', 'anything?'], env(), scratch);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe('knower: The model provider is overloaded. It retried for a while and then gave up.');
    expect(lines.at(-1)).toBe(`knower: The question is kept as ${QUESTION}: ./knower retry ${QUESTION} asks it again.`);
  });

  it('a question too long, or a project that does not exist, is said plainly before anything is asked', async () => {
    const long = await runKnower(['ask', 'x'.repeat(2001)], env(), scratch);
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('knower: ask: the question is too long: 2001 characters, at most 2000');
    const words = await runKnower(['search', 'y'.repeat(2001)], env(), scratch);
    expect(words.stderr).toContain('knower: search: the words are too long: 2001 characters, at most 2000');

    service.route = (req, res) => {
      if (req.path === '/vault/tree' && req.query.get('path') === 'projects') sendJson(res, 200, { path: 'projects', folders: [{ name: 'garden' }, { name: 'house' }], files: [] });
      else sendJson(res, 404, { error: 'not_found', message: 'no folder at projects/nosuch' });
    };
    for (const verb of ['search', 'ask']) {
      const result = await runKnower([verb, 'garlic', '--scope', 'project:nosuch'], env(), scratch);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe("knower: there is no project 'nosuch' (no folder projects/nosuch/ in the vault); the projects are: project:garden, project:house\n");
    }
    expect(service.requests.some((r) => r.path === '/search' || r.path === '/vault/search')).toBe(false);
  });
});

describe('show, retry, restore', () => {
  it('show prints an update with its files, steps and what to do next', async () => {
    service.route = (req, res) => sendJson(res, 200, { ...done, steps: [step(1, 'read', { path: 'a.md' }).step, step(2, 'move', { path: 'a.md', to: 'b.md' }).step], step_count: 2 });
    const result = await runKnower(['show', UPDATE], env(), scratch);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        `update ${UPDATE}  done  2025-03-14 09:26:00 UTC → 2025-03-14 09:26:04 UTC`,
        '  text: garlic is in',
        '  summary: Filed the garlic.',
        '  files:',
        '    created  projects/garden/garlic.md',
        '    deleted  bucket/old.md',
        '  steps (2):',
        '     1 read   a.md',
        '     2 move   a.md → b.md',
        `  ./knower undo ${UPDATE} reverses it`,
        '',
      ].join('\n'),
    );
    expect(service.requests[0]?.path).toBe(`/updates/${UPDATE}`);
  });

  it('show prints a failed question in words, with how to ask again', async () => {
    service.route = (_req, res) =>
      sendJson(res, 200, {
        id: QUESTION,
        query: 'why?',
        mode: 'deep',
        status: 'failed',
        created: '2025-03-14T09:27:00.000Z',
        error: 'model unreachable: fetch failed',
        error_code: 'model_unavailable',
      });
    const result = await runKnower(['show', QUESTION], env(), scratch);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  asked (deep): why?\n');
    expect(result.stdout).toContain('  failed: Knower could not reach the model provider (network or proxy).\n');
    expect(result.stdout).toContain(`  ./knower retry ${QUESTION} asks it again\n`);
    expect(service.requests[0]?.path).toBe(`/questions/${QUESTION}`);
  });

  it('show and retry refuse what is not an id, exit 2', async () => {
    for (const args of [['show'], ['show', 'abc'], ['retry', '../x'], ['retry', UPDATE, 'more']]) {
      const result = await runKnower(args, env(), scratch);
      expect(result.code, args.join(' ')).toBe(2);
    }
    expect(service.requests).toEqual([]);
  });

  it('retry runs a failed update again and follows it with --wait', async () => {
    service.route = (req, res) => {
      if (req.method === 'POST' && req.path === `/updates/${UPDATE}/retry`) {
        sendJson(res, 202, { status: 'accepted', id: RETRIED, retry_of: UPDATE });
        later(50, () => service.push('update_status', { ...done, id: RETRIED, retry_of: UPDATE }));
      } else if (req.path === `/updates/${RETRIED}`) sendJson(res, 200, { ...running, id: RETRIED, status: 'queued' });
    };
    const result = await runKnower(['retry', UPDATE, '--wait'], env(), scratch);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${RETRIED}\ndone: created projects/garden/garlic.md, deleted bucket/old.md\n`);
  });

  it("retry of an update that did not fail: the service's reason, exit 1", async () => {
    service.route = (_req, res) => sendJson(res, 409, { error: 'update_not_failed', message: `update ${UPDATE} is done; only a failed update is run again` });
    const result = await runKnower(['retry', UPDATE], env(), scratch);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`HTTP 409: update ${UPDATE} is done; only a failed update is run again`);
  });

  it('retry asks a failed question again, with its steps, and prints the answer', async () => {
    service.route = (req, res) => {
      if (req.path !== `/questions/${QUESTION}/retry`) return;
      service.push('question_status', { id: 'q-20250314-093000-111111', query: 'why?', mode: 'fast', status: 'pending', created: 'x', retry_of: QUESTION });
      later(50, () => sendJson(res, 200, { markdown: 'Because.', sources: [], mode: 'fast', question_id: 'q-20250314-093000-111111' }));
    };
    const result = await runKnower(['retry', QUESTION], env(), scratch);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Because.\n');
    expect(result.stderr).toContain('question q-20250314-093000-111111: the search agent is looking…');
  });

  it("restore lists a note's versions, then restores one and says how to take it back", async () => {
    const path = 'projects/garden/my notes.md';
    service.route = (req, res) => {
      if (req.path === '/vault/history') {
        sendJson(res, 200, {
          path,
          versions: [
            { commit: 'c'.repeat(40), kind: 'hand', at: '2025-03-14T10:00:00.000Z', title: 'Hand edits', change: { kind: 'edited' }, hunks: [] },
            { commit: 'a'.repeat(40), kind: 'update', at: '2025-03-14T09:26:00.000Z', title: 'Update', update_id: UPDATE, change: { kind: 'created' }, hunks: [] },
          ],
        });
      } else sendJson(res, 200, { status: 'restored', path, from: 'a'.repeat(40), commit: 'e'.repeat(40) });
    };
    const list = await runKnower(['restore', path], env(), scratch);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      [
        `Versions of ${path}, newest first:`,
        '  cccccccccccc  2025-03-14 10:00 UTC  edited  by hand edits',
        `  aaaaaaaaaaaa  2025-03-14 09:26 UTC  created by update ${UPDATE}`,
        '',
        `Restore one with: ./knower restore 'projects/garden/my notes.md' --to COMMIT`,
        '',
      ].join('\n'),
    );
    expect(service.requests[0]?.query.get('path')).toBe(path);

    const restored = await runKnower(['restore', path, '--to', 'aaaaaaa'], env(), scratch);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toBe(`Restored ${path} to its version of aaaaaaaaaaaa.\nThe restore is commit eeeeeeeeeeee in the history: ./knower undo eeeeeeeeeeee puts back what was there.\n`);
    expect(JSON.parse(service.requests[1]?.body ?? '')).toEqual({ path, commit: 'aaaaaaa' });

    const bad = await runKnower(['restore', path, '--to', 'HEAD~1'], env(), scratch);
    expect(bad.code).toBe(2);
  });
});

describe('several services started from this checkout', () => {
  let fakes: ChildProcess[] = [];
  afterAll(() => {
    for (const p of fakes) p.kill();
  });

  it('the hint to choose one repeats the whole command, words included', async () => {
    const runDir = join(scratch, 'several-run');
    await mkdir(runDir, { recursive: true });
    // Two live processes whose command line names this checkout's service, as `knower start` runs it.
    fakes = [0, 1].map(() => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', join(repoRoot, 'core', 'dist', 'main.js')], { stdio: 'ignore' }));
    const ports = [await freePort(), await freePort()];
    for (const [i, port] of ports.entries()) {
      const record = {
        url: `http://127.0.0.1:${String(port)}`,
        host: '127.0.0.1',
        port,
        vault: join(scratch, `v${String(i)}`),
        stateDir: join(scratch, `s${String(i)}`),
        pid: fakes[i]?.pid,
        log: 'x',
        startedAt: 'x',
      };
      await writeFile(join(runDir, `service-${String(port)}.json`), JSON.stringify(record));
    }
    const result = await runKnower(['search', 'two words', '--limit', '3'], shellEnv(scratch, { KNOWER_RUN_DIR: runDir }), scratch);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`choose one with PORT, e.g. PORT=${String(Math.min(...ports))} ./knower search 'two words' --limit 3`);
  });
});
