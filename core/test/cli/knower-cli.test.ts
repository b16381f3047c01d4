// The `knower` CLI as a user's shell runs it: the real script and CLI, and a small real HTTP
// server on 127.0.0.1 standing in for the service where a test needs to see the requests.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';

const repoRoot = resolve(import.meta.dirname, '../../..');
const cli = join(repoRoot, 'knower');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'knower-cli-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A minimal environment: nothing from the developer's own .env or shell leaks into a test. */
function cliEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? scratch,
    TMPDIR: scratch,
    KNOWER_RUNTIME: 'native',
    KNOWER_ENV_FILE: join(scratch, 'no-such.env'),
    KNOWER_STATE_DIR: join(scratch, 'state'),
    KNOWER_RUN_DIR: join(scratch, 'run'),
    HOST: '127.0.0.1',
    PORT: String(port),
    ...extra,
  };
}

function run(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cli, args, { env, cwd: scratch });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      resolvePromise({ code, stdout, stderr });
    });
    child.stdin.end(input ?? '');
  });
}

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

type Handler = (req: Recorded, res: ServerResponse) => void;

interface FakeService {
  port: number;
  requests: Recorded[];
  close: () => Promise<void>;
}

/** Records every request and answers with the handler's reply. */
async function fakeService(handler: Handler): Promise<FakeService> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
    });
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          done();
        });
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const verbs = ['start', 'stop', 'status', 'visualize', 'vault', 'logs', 'embed', 'models', 'search', 'add', 'ask', 'inbox', 'history', 'undo', 'show', 'retry', 'restore', 'test', 'help'];

// Text that breaks naive JSON pasting, shell quoting and multipart syntax alike.
const hostileText =
  'He said "hi" \\ then left.\nLine two\twith tab; $(touch /tmp/pwned) `id` \'single\'\n' + '"}, "inbox_ref": "injected\n@/etc/passwd <also-not-a-file ;type=text/html, naïve 東京 🚀\n';

describe('knower CLI: usage', () => {
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });

  it('answers --help for every verb with exit 0', async () => {
    for (const verb of verbs) {
      const result = await run([verb, '--help'], cliEnv(port));
      expect(result.code, `${verb} --help`).toBe(0);
      expect(result.stdout, `${verb} --help`).toMatch(/^Usage: knower /);
    }
  });

  it('lists every verb in help', async () => {
    const result = await run(['help'], cliEnv(port));
    expect(result.code).toBe(0);
    for (const verb of verbs) expect(result.stdout).toContain(`  ${verb}`);
  });

  it.each([
    [[]],
    [['frobnicate']],
    [['search']],
    [['search', '--limit', 'many', 'words']],
    [['ask', '   ']],
    [['add']],
    [['add', '--inbox-ref']],
    [['add', 'text', '--image', '/no/such/image.png']],
    [['add', '--nope', 'text']],
    [['status', 'extra']],
    [['logs', '-n', 'ten']],
    [['start', '--fast']],
    [['help', 'frobnicate']],
  ])('exits 2 with usage for %j', async (args) => {
    const result = await run(args, cliEnv(port));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: knower');
  });

  it('--version names Knower, qmd and Node versions', async () => {
    const result = await run(['--version'], cliEnv(port));
    expect(result.code).toBe(0);
    const { version } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(result.stdout).toMatch(new RegExp(`^knower ${version.replaceAll('.', '\\.')} \\(qmd \\d+\\.\\d+\\.\\d+, node \\d+`));
  });

  it('names a bad setting and exits 1', async () => {
    const result = await run(['status'], { ...cliEnv(port), PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("PORT must be a number between 1 and 65535 (got 'eighty')");
  });
});

describe('knower CLI: service not running', () => {
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });

  it('status exits 3 and says to run ./knower start', async () => {
    const result = await run(['status'], cliEnv(port));
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('./knower start');
  });

  it.each([[['add', 'a note']], [['ask', 'what?']], [['search', 'words']], [['inbox']], [['embed']], [['models']], [['models', 'pull']], [['history']], [['undo', '20250314-092600-a1b2c3']]])(
    '%j exits 3 with the hint',
    async (args) => {
      const result = await run(args, cliEnv(port));
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('./knower start');
    },
  );

  it('stop succeeds and clears a stale pid file', async () => {
    const stateDir = join(scratch, 'stale-state');
    // A pid that no longer exists: a process that has exited.
    const gone = spawn('true');
    await new Promise((done) => gone.on('close', done));
    await mkdir(stateDir, { recursive: true });
    await writeFile(join(stateDir, 'core.pid'), `${String(gone.pid)}\n`);

    const result = await run(['stop'], cliEnv(port, { KNOWER_STATE_DIR: stateDir }));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('not running');
    expect(existsSync(join(stateDir, 'core.pid'))).toBe(false);
  });
});

describe('knower CLI: talking to the service', () => {
  let service: FakeService;
  let reply: Handler;

  beforeAll(async () => {
    service = await fakeService((req, res) => {
      reply(req, res);
    });
  });
  afterAll(async () => {
    await service.close();
  });
  afterEach(() => {
    service.requests.length = 0;
  });

  it('add sends the text unchanged as JSON and prints the id', async () => {
    reply = (_req, res) => {
      json(res, 202, { status: 'accepted', id: 'upd-1' });
    };
    const result = await run(['add', hostileText, '--inbox-ref', 'item "7"'], cliEnv(service.port));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('upd-1');
    const [request] = service.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/update');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString('utf8') ?? '')).toEqual({ text: hostileText, inbox_ref: 'item "7"' });
  });

  it('add - reads the text from stdin', async () => {
    reply = (_req, res) => {
      json(res, 202, { status: 'accepted', id: 'upd-2' });
    };
    const result = await run(['add', '-'], cliEnv(service.port), hostileText);
    expect(result.code).toBe(0);
    expect(JSON.parse(service.requests[0]?.body.toString('utf8') ?? '')).toEqual({ text: hostileText });
  });

  it('add --image sends multipart with the text and the image bytes intact', async () => {
    reply = (_req, res) => {
      json(res, 202, { status: 'accepted', id: 'upd-3' });
    };
    const image = join(scratch, 'a photo; type=text,plain "x".png');
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);
    await writeFile(image, bytes);
    const result = await run(['add', hostileText, '--image', image], cliEnv(service.port));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);

    const request = service.requests[0];
    const type = request?.headers['content-type'] ?? '';
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const parts = parseMultipart(request?.body ?? Buffer.alloc(0), type.split('boundary=')[1] ?? '');
    const text = parts.find((p) => p.name === 'text');
    const upload = parts.find((p) => p.name === 'files');
    expect(text?.data.toString('utf8')).toBe(hostileText);
    expect(text?.filename).toBeUndefined();
    expect(upload?.data.equals(bytes)).toBe(true);
    // The service tells the kind from the bytes: the CLI claims none.
    expect(upload?.type).toBe('application/octet-stream');
  });

  it('add --url sends the link to capture, with the words; --file any file, with the link, as multipart', async () => {
    reply = (_req, res) => {
      json(res, 202, { status: 'accepted', id: 'upd-url' });
    };
    const linked = await run(['add', '--url', 'https://example.org/a?b=1', 'why it matters'], cliEnv(service.port));
    expect(linked.code).toBe(0);
    expect(JSON.parse(service.requests[0]?.body.toString('utf8') ?? '')).toEqual({ text: 'why it matters', url: 'https://example.org/a?b=1' });

    const pdf = join(scratch, 'paper.pdf');
    const zip = join(scratch, 'data.zip');
    await writeFile(pdf, '%PDF-1.4 x');
    await writeFile(zip, 'PK\x03\x04');
    const filed = await run(['add', '--url', 'https://example.org/p', '--file', pdf, '--file', zip], cliEnv(service.port));
    expect(filed.code).toBe(0);
    const request = service.requests[1];
    const type = request?.headers['content-type'] ?? '';
    const parts = parseMultipart(request?.body ?? Buffer.alloc(0), type.split('boundary=')[1] ?? '');
    expect(parts.map((p) => [p.name, p.filename])).toEqual([
      ['text', undefined],
      ['url', undefined],
      ['files', 'paper.pdf'],
      ['files', 'data.zip'],
    ]);
    expect(parts.find((p) => p.name === 'url')?.data.toString()).toBe('https://example.org/p');
  });

  it('add refuses a link that is not http(s), a missing file, and too many files, before sending anything', async () => {
    const bad = await run(['add', '--url', 'file:///etc/passwd'], cliEnv(service.port));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--url needs an http:// or https:// link');
    const missing = await run(['add', 'x', '--file', join(scratch, 'nope.pdf')], cliEnv(service.port));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no readable file at');
    const one = join(scratch, 'one.txt');
    await writeFile(one, 'x');
    const many = await run(['add', 'x', ...Array.from({ length: 9 }, () => ['--file', one]).flat()], cliEnv(service.port));
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('at most 8 files');
    expect(service.requests).toHaveLength(0);
  });

  it('transcribe asks the service to transcribe what waits (or the paths given) and prints the ids', async () => {
    reply = (req, res) => {
      if (req.method === 'GET') json(res, 200, { configured: true, waiting: [{ audio: 'bucket/memo.ogg', note: 'bucket/memo.md', of: 'u1', present: true }] });
      else json(res, 202, { queued: [{ id: 'upd-t1', audio: 'bucket/memo.ogg' }], skipped: [{ audio: 'x.md', reason: 'not an audio file' }] });
    };
    const listed = await run(['transcribe', '--list'], cliEnv(service.port));
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('bucket/memo.ogg  note bucket/memo.md');
    const queued = await run(['transcribe', 'bucket/memo.ogg', 'x.md'], cliEnv(service.port));
    expect(queued.code).toBe(0);
    expect(queued.stdout).toBe('upd-t1  bucket/memo.ogg\n');
    expect(queued.stderr).toContain('skipped x.md: not an audio file');
    expect(JSON.parse(service.requests.at(-1)?.body.toString('utf8') ?? '')).toEqual({ paths: ['bucket/memo.ogg', 'x.md'] });
  });

  it('add --wait polls until the outcome, exit 0 for done', async () => {
    let polls = 0;
    reply = (req, res) => {
      if (req.method === 'POST') {
        json(res, 202, { status: 'accepted', id: 'upd/4' });
      } else if (++polls < 2) {
        json(res, 200, { id: 'upd/4', status: 'running' });
      } else {
        json(res, 200, { id: 'upd/4', status: 'done', files: ['projects/garden/state.md', 'changelog.md'] });
      }
    };
    const result = await run(['add', 'tomatoes are in', '--wait'], cliEnv(service.port));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('done: projects/garden/state.md, changelog.md');
    expect(service.requests.at(-1)?.url).toBe('/updates/upd%2F4');
  });

  it('add --wait exits 1 when the update failed', async () => {
    reply = (req, res) => {
      if (req.method === 'POST') json(res, 202, { status: 'accepted', id: 'upd-5' });
      else json(res, 200, { id: 'upd-5', status: 'failed', error: 'model unavailable' });
    };
    const result = await run(['add', 'x', '--wait'], cliEnv(service.port));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('failed: model unavailable');
  });

  it('sends the bearer token when KNOWER_TOKEN is set', async () => {
    reply = (_req, res) => {
      json(res, 200, { items: [] });
    };
    const result = await run(['inbox'], cliEnv(service.port, { KNOWER_TOKEN: 's3cret' }));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Inbox is empty.');
    expect(service.requests[0]?.headers.authorization).toBe('Bearer s3cret');
  });

  it('turns an error answer into exit 1 with its message', async () => {
    reply = (_req, res) => {
      json(res, 400, { error: 'Bad Request', message: 'text must not be empty' });
    };
    const result = await run(['add', 'x'], cliEnv(service.port));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HTTP 400: text must not be empty');
  });

  it('search encodes the words and prints ranked hits, a hit in a PDF with its page', async () => {
    reply = (_req, res) => {
      json(res, 200, {
        mode: 'fast',
        degraded: 'models not downloaded',
        partial: true,
        results: [
          { path: 'projects/garden/state.md', title: 'Garden', score: 1, snippet: 'tomatoes\n  and basil' },
          { path: 'bucket/note.md', title: '', score: 0.5, snippet: '' },
          { path: 'papers/manual.pdf', title: 'Field manual', score: 0.4, snippet: 'A quokka was seen', page: 37 },
        ],
      });
    };
    const words = 'a&b=c #x "q"';
    const result = await run(['search', words, '--deep', '--scope', 'project:garden'], cliEnv(service.port));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('projects/garden/state.md — Garden\n  tomatoes and basil\nbucket/note.md\npapers/manual.pdf p. 37 — Field manual\n  A quokka was seen\n');
    expect(result.stderr).toBe(
      'note: deep search unavailable, showing fast results: models not downloaded\n' + 'note: the vault is still being indexed for the first time; these results may be incomplete\n',
    );
    // The scope's project is looked up first, then searched.
    expect(new URL(service.requests[0]?.url ?? '', 'http://x').searchParams.get('path')).toBe('projects/garden');
    const searched = service.requests[1];
    expect([searched?.method, searched?.url, searched?.headers['content-type']]).toEqual(['POST', '/vault/search', 'application/json']);
    expect(JSON.parse(searched?.body.toString('utf8') ?? '')).toEqual({ q: words, mode: 'deep', scope: 'project:garden' });
  });

  it('search asks a service older than POST /vault/search by GET, as it did then', async () => {
    reply = (req, res) => {
      if (req.method === 'POST') json(res, 404, { error: 'not_found', message: 'no route POST /vault/search' });
      else json(res, 200, { mode: 'fast', results: [{ path: 'bucket/garlic.md', title: 'Garlic', score: 1, snippet: 'bed 3' }] });
    };
    const result = await run(['search', 'garlic bed', '--limit', '3'], cliEnv(service.port));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('bucket/garlic.md — Garlic\n  bed 3\n');
    const asked = new URL(service.requests[1]?.url ?? '', 'http://x');
    expect([service.requests[1]?.method, asked.pathname, asked.searchParams.get('q'), asked.searchParams.get('limit')]).toEqual(['GET', '/vault/search', 'garlic bed', '3']);
  });

  it('models pull starts the download, follows its progress and ends with its outcome', async () => {
    const model = { role: 'embed', file: 'hf_x.gguf', total: 3e6 };
    let polls = 0;
    reply = (req, res) => {
      if (req.method === 'POST') return json(res, 202, { present: false, missing: ['embedding'], cacheDir: '/cache', pull: { running: true, current: { ...model, bytes: 1e6 } } });
      polls++;
      if (polls === 1) return json(res, 200, { present: false, missing: ['embedding'], cacheDir: '/cache', pull: { running: true, current: { ...model, bytes: 2e6 } } });
      json(res, 200, {
        present: false,
        missing: ['embedding'],
        cacheDir: '/cache',
        pull: { running: false, last: { at: 'now', ok: false, fetched: [], error: 'could not reach huggingface.co (ENOTFOUND)' } },
      });
    };
    const result = await run(['models', 'pull'], cliEnv(service.port));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('downloading the embed model hf_x.gguf: 1.0 MB of 3.0 MB\ndownloading the embed model hf_x.gguf: 2.0 MB of 3.0 MB\n');
    expect(result.stdout).toContain('Missing for deep search: embedding (looked in /cache).');
    expect(result.stderr).toContain('knower: could not reach huggingface.co (ENOTFOUND)\nknower: fast search works without the models. Try again with ./knower models pull');
    expect(service.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /models/pull', 'GET /models', 'GET /models']);
  });

  it('models says which are on disk, and exits 0 when they all are', async () => {
    reply = (_req, res) => json(res, 200, { present: true, missing: [], cacheDir: '/cache', pull: { running: false } });
    const result = await run(['models'], cliEnv(service.port));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Deep search models are on disk (/cache).\n');
  });

  it('ask posts the question and prints the markdown and its sources', async () => {
    reply = (_req, res) => {
      json(res, 200, { markdown: '## Answer\nBasil.\n', sources: ['projects/garden/state.md'], mode: 'fast' });
    };
    const result = await run(['ask', 'what "grows"?'], cliEnv(service.port));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('## Answer\nBasil.\n\nSources:\n  - projects/garden/state.md\n');
    const asked = service.requests.find((r) => r.url === '/search');
    expect(JSON.parse(asked?.body.toString('utf8') ?? '')).toEqual({ query: 'what "grows"?' });
  });

  it('status exits 0 with a summary of /health', async () => {
    reply = (_req, res) => {
      json(res, 200, { status: 'ok', queue: { pending: 0, running: false } });
    };
    const result = await run(['status'], cliEnv(service.port));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Knower is running at http://127.0.0.1:${String(service.port)}`);
    expect(result.stdout).toContain('queue: pending=0, running=false');
  });

  it('reads .env without overriding what the environment already sets', async () => {
    reply = (_req, res) => {
      json(res, 200, { status: 'ok' });
    };
    const envFile = join(scratch, 'test.env');
    await writeFile(envFile, `# settings\nPORT=${String(service.port)}\nexport KNOWER_TOKEN="tok # not a comment"\n`);
    const env: NodeJS.ProcessEnv = { ...cliEnv(service.port), KNOWER_ENV_FILE: envFile };
    delete env.PORT;
    const fromFile = await run(['status'], env);
    expect(fromFile.code).toBe(0);
    expect(service.requests[0]?.headers.authorization).toBe('Bearer tok # not a comment');

    const down = await freePort();
    const overridden = await run(['status'], { ...env, PORT: String(down) });
    expect(overridden.code).toBe(3);
  });
});

// The real service, started and stopped natively: `knower test` (and CI) build it first.
describe('knower CLI: native lifecycle of the real service', () => {
  let env: NodeJS.ProcessEnv;
  let stateDir: string;

  beforeAll(async () => {
    const built = existsSync(join(repoRoot, 'core/dist/main.js')) && existsSync(join(repoRoot, 'apps/web/dist/index.html'));
    if (!built) throw new Error('core/dist or apps/web/dist is missing: run `npm run build` (./knower test does it for you)');
    const port = await freePort();
    stateDir = join(scratch, 'life-state');
    env = cliEnv(port, {
      KNOWER_STATE_DIR: stateDir,
      VAULT_PATH: join(scratch, 'life-vault'),
      KNOWER_START_TIMEOUT_S: '60',
      KNOWER_EMBED_INTERVAL_S: '3600',
      CI: 'true',
    });
  });

  afterAll(async () => {
    await run(['stop'], env);
  });

  it('start, status, start again, stop, status', { timeout: 120_000 }, async () => {
    const started = await run(['start'], env);
    expect(started.stderr + started.stdout).toContain('Knower is running at');
    expect(started.code).toBe(0);
    const [pid, pidUrl] = (await readFile(join(stateDir, 'core.pid'), 'utf8')).split('\n');
    expect(pid).toMatch(/^\d+$/);
    expect(pidUrl).toBe(`http://127.0.0.1:${env.PORT ?? ''}`);

    const status = await run(['status'], env);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`pid ${pid}`);

    const again = await run(['start'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already running');

    const stopped = await run(['stop'], env);
    expect(stopped.code).toBe(0);
    expect(existsSync(join(stateDir, 'core.pid'))).toBe(false);
    expect(existsSync(join(stateDir, 'core.log'))).toBe(true);

    const after = await run(['status'], env);
    expect(after.code).toBe(3);
  });
});

interface Part {
  name: string | undefined;
  filename: string | undefined;
  type: string | undefined;
  data: Buffer;
}

/** Just enough multipart/form-data parsing to see what the CLI sent. */
function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2); // skip CRLFs
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, split).toString('utf8');
    parts.push({
      name: /name="([^"]*)"/.exec(head)?.[1],
      filename: /filename="([^"]*)"/.exec(head)?.[1],
      type: /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1],
      data: chunk.subarray(split + 4),
    });
    start = next;
  }
  return parts;
}
