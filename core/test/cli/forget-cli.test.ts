// `knower forget` as a person or a script uses it: the dry run, --yes, the text from standard
// input, the backup's status, confirm and restore; first against a stand-in service, then
// against the real one (offline provider).
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { repoRoot, runKnower, sendJson, shellEnv, standIn, type StandIn } from './knower-process.js';

let scratch: string;
beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'knower-forget-cli-')));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const REPORT = {
  status: 'dry_run',
  vault: { changed: ['bucket/bank.md', 'changelog.md'], deleted: [], busy: [] },
  history: { commits: 3, versions: 4, messages: 2 },
  records: { updates: ['20250314-092600-a1b2c3'], questions: [], files: [] },
  commit: null,
  backup: false,
  notes: [],
};

describe('knower forget against a stand-in service', () => {
  let service: StandIn;
  const bodies: string[] = [];
  let answer: (req: IncomingMessage, res: ServerResponse) => void;
  const env = () => shellEnv(scratch, { HOST: '127.0.0.1', PORT: String(service.port), KNOWER_STATE_DIR: join(scratch, 'state'), KNOWER_RUN_DIR: join(scratch, 'run') });
  beforeAll(async () => {
    service = await standIn((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        answer(req, res);
      });
    });
  });
  afterAll(async () => service.close());
  afterEach(() => {
    service.requests.length = 0;
    bodies.length = 0;
  });

  it('reads the text from standard input (never from the command line), and makes a dry run of it by default', async () => {
    answer = (_req, res) => sendJson(res, 200, REPORT);
    const result = await runKnower(['forget', '--text', '-'], env(), scratch, 'my PIN is 8462\n');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(service.requests).toEqual(['POST /forget']);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ text: 'my PIN is 8462', dry_run: true });
    expect(result.stdout).toBe(
      [
        'Dry run: nothing was changed. Forgetting this text would:',
        '  take it out of 2 files of the vault:',
        '    bucket/bank.md',
        '    changelog.md',
        '  rewrite 3 commits of the history (4 file versions, 2 commit messages)',
        '  take it out of 1 update record: 20250314-092600-a1b2c3',
        'Run it again with --yes to forget. A backup is kept until you confirm.',
        '',
      ].join('\n'),
    );
  });

  it('forgets files with --yes, says how to end the backup, and exits 4 when some files kept changing', async () => {
    answer = (_req, res) => sendJson(res, 200, { ...REPORT, status: 'forgotten', vault: { changed: [], deleted: ['a.md'], busy: ['b.md'] }, commit: 'c'.repeat(40), backup: true });
    const result = await runKnower(['forget', 'a.md', 'b.md', '--yes'], env(), scratch);
    expect(result.code, result.stderr).toBe(4);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ paths: ['a.md', 'b.md'], dry_run: false });
    expect(result.stdout).toContain('Forgotten:\n  delete 1 file from the vault:\n    a.md\n');
    expect(result.stdout).toContain('Left as they are, because they kept changing while being rewritten (forget again):\n  b.md\n');
    expect(result.stdout).toContain("The forget's commit: ccccccc.");
    expect(result.stdout).toContain('./knower forget --confirm');
    expect(result.stdout).toContain('./knower forget --restore');
  });

  it('says whether a backup waits, and confirms or restores it', async () => {
    answer = (req, res) =>
      req.method === 'GET'
        ? sendJson(res, 200, { backup: { at: '2025-03-14T09:30:00.000Z', forgets: 2, files: 5 } })
        : sendJson(res, 200, req.url === '/forget/confirm' ? { status: 'confirmed', message: 'The backup is gone.' } : { status: 'restored', kept: [], message: 'The backup is back.' });
    const status = await runKnower(['forget', '--status'], env(), scratch);
    expect(status.code).toBe(0);
    expect(status.stdout.split('\n')[0]).toBe('A backup waits since 2025-03-14 09:30 UTC (2 forgets).');
    expect((await runKnower(['forget', '--confirm'], env(), scratch)).stdout).toBe('The backup is gone.\n');
    expect((await runKnower(['forget', '--restore'], env(), scratch)).stdout).toBe('The backup is back.\n');
    expect(service.requests).toEqual(['GET /forget', 'POST /forget/confirm', 'POST /forget/restore']);
  });

  it('refuses what it cannot mean, before asking the service', async () => {
    for (const [args, message] of [
      [['forget'], 'what to forget?'],
      [['forget', '--text', 'ab'], 'at least 4 characters'],
      [['forget', '--confirm', '--restore'], 'choose one of --confirm, --restore'],
      [['forget', '--status', 'a.md'], '--status takes nothing else'],
      [['forget', '-'], 'write --text -'],
      [['forget', '--text', 'a long secret', 'a.md'], 'what to forget?'],
    ] as const) {
      const result = await runKnower([...args], env(), scratch);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(service.requests).toEqual([]);
  });
});

// The real service: an update filed by the offline provider, then forgotten for good.
describe('knower forget against the real service', () => {
  let env: NodeJS.ProcessEnv;
  let vault: string;
  let state: string;
  const SECRET = 'zebra-ridge-8462';

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'core/dist/main.js'))) throw new Error('core/dist is missing: run `npm run build` (./knower test does it for you)');
    vault = join(scratch, 'vault');
    state = join(scratch, 'real-state');
    env = shellEnv(scratch, {
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      KNOWER_STATE_DIR: state,
      KNOWER_RUN_DIR: join(scratch, 'real-run'),
      VAULT_PATH: vault,
      KNOWER_START_TIMEOUT_S: '60',
      KNOWER_EMBED_INTERVAL_S: '3600',
      CI: 'true',
    });
    const started = await runKnower(['start'], env, scratch);
    expect(started.code, started.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await runKnower(['stop'], env, scratch);
  });

  /** Files whose name or bytes hold the secret. */
  const holding = async (dir: string) => {
    const found: string[] = [];
    for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
      const abs = join(e.parentPath, e.name);
      if (abs.includes(SECRET) || (e.isFile() && (await readFile(abs)).includes(SECRET))) found.push(abs);
    }
    return found;
  };

  it('takes a text out of the vault and its history, keeps a backup until --confirm, then nothing is left', { timeout: 120_000 }, async () => {
    const sent = await runKnower(['add', `My door code is ${SECRET}`, '--wait', '--timeout', '60'], env, scratch);
    expect(sent.code, sent.stderr).toBe(0);
    const note = /(bucket\/[^,\s]+\.md)/.exec(sent.stdout)?.[1] ?? '';
    expect(await readFile(join(vault, note), 'utf8')).toContain(SECRET);

    const dry = await runKnower(['forget', '--text', '-'], env, scratch, `${SECRET}\n`);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`    ${note.replace(SECRET, 'forgotten')}\n`);
    expect(dry.stdout).not.toContain(SECRET);
    expect(await readFile(join(vault, note), 'utf8')).toContain(SECRET);

    const done = await runKnower(['forget', '--text', '-', '--yes'], env, scratch, `${SECRET}\n`);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/^Forgotten:\n/);
    expect(done.stdout).not.toContain(SECRET);
    // The offline provider named the note after the text: it is renamed, and the changelog's link follows it.
    const renamed = note.replace(SECRET, 'forgotten');
    expect(existsSync(join(vault, note))).toBe(false);
    expect(await readFile(join(vault, renamed), 'utf8')).toContain('[forgotten]');
    expect(await readFile(join(vault, 'changelog.md'), 'utf8')).toContain(`(${renamed})`);
    expect((await runKnower(['history', '--all', '--json', '--limit', '100'], env, scratch)).stdout).not.toContain(SECRET);
    expect((await runKnower(['forget', '--status'], env, scratch)).stdout).toMatch(/^A backup waits since /);

    const confirmed = await runKnower(['forget', '--confirm'], env, scratch);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect((await runKnower(['forget', '--status'], env, scratch)).stdout).toBe('No forget waits for confirmation.\n');
    expect(await holding(vault)).toEqual([]);
    expect(await holding(state)).toEqual([]);
  });
});
