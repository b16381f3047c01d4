// `knower history` and `knower undo` as a script would use them: what they print and the exit
// codes, first against a stand-in service, then against the real one (offline provider).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { waitFor } from '../helpers/temp-dir.js';
import { repoRoot, runKnower, sendJson, shellEnv, standIn, type StandIn } from './knower-process.js';

let scratch: string;
beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'knower-history-cli-')));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const UPDATE = '20250314-092600-a1b2c3';
const COMMIT = 'a'.repeat(40);

describe('knower history and undo against a stand-in service', () => {
  let service: StandIn;
  let answer: (url: string, res: ServerResponse) => void;
  const env = () => shellEnv(scratch, { HOST: '127.0.0.1', PORT: String(service.port), KNOWER_STATE_DIR: join(scratch, 'state'), KNOWER_RUN_DIR: join(scratch, 'run') });
  beforeAll(async () => {
    service = await standIn((req, res) => answer(req.url ?? '', res));
  });
  afterAll(async () => service.close());
  afterEach(() => {
    service.requests.length = 0;
  });

  it('history lists updates with ids, summaries and file kinds, undos, and how to page', async () => {
    answer = (_url, res) =>
      sendJson(res, 200, {
        entries: [
          { commit: 'b'.repeat(40), kind: 'undo', at: '2025-03-14T09:30:00.000Z', undoes: COMMIT, undone_by: [], changes: [{ path: 'projects/garden/old.md', kind: 'created' }] },
          {
            commit: COMMIT,
            kind: 'update',
            at: '2025-03-14T09:26:00.000Z',
            title: 'Update x',
            update: { id: UPDATE, status: 'done', text: 'Garlic', summary: 'Filed the garlic\nand logged it.' },
            undone_by: ['b'.repeat(40)],
            changes: [
              { path: 'projects/garden/garlic.md', kind: 'created' },
              { path: 'projects/garden/archive/seeds.md', kind: 'moved', from: 'projects/garden/seeds.md' },
              { path: 'projects/garden/old.md', kind: 'deleted' },
            ],
          },
        ],
        next_cursor: '41',
      });
    const result = await runKnower(['history', '--limit', '2'], env(), scratch);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        // The undo names the update it undid by the id the update's own entry shows.
        `bbbbbbb  undo of update ${UPDATE} (commit aaaaaaa)  2025-03-14 09:30 UTC`,
        '  created  projects/garden/old.md',
        '',
        `${UPDATE}  update done  (commit aaaaaaa)  2025-03-14 09:26 UTC  [undone by bbbbbbb]`,
        '  Filed the garlic and logged it.',
        '  created  projects/garden/garlic.md',
        '  moved    projects/garden/archive/seeds.md  (from projects/garden/seeds.md)',
        '  deleted  projects/garden/old.md',
        '',
        'Older: ./knower history --limit 2 --cursor 41',
        '',
      ].join('\n'),
    );
    const url = new URL(service.requests[0]?.split(' ')[1] ?? '', 'http://x');
    expect(url.pathname).toBe('/history');
    expect(url.searchParams.get('limit')).toBe('2');
    expect(url.searchParams.get('kind')).toBe('update,undo,restore');

    const all = await runKnower(['history', '--all', '--json', '--cursor', '41'], env(), scratch);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout)).toHaveProperty('next_cursor', '41');
    const allUrl = new URL(service.requests[1]?.split(' ')[1] ?? '', 'http://x');
    expect(allUrl.searchParams.has('kind')).toBe(false);
    expect(allUrl.searchParams.get('cursor')).toBe('41');
    // The hint for the next page keeps --all: hand edits stay in the list.
    const allText = await runKnower(['history', '--all', '--limit', '2'], env(), scratch);
    expect(allText.stdout).toContain('Older: ./knower history --limit 2 --all --cursor 41');
  });

  it('undo exits 0 when everything was reverted and 4 when a conflict was left in the inbox', async () => {
    answer = (url, res) =>
      url.startsWith('/history/')
        ? sendJson(res, 200, {
            status: 'undone',
            of: COMMIT,
            commit: 'c'.repeat(40),
            reverted: [{ path: 'projects/garden/garlic.md', kind: 'deleted' }],
            conflicts: [],
            message: 'Reverted 1 file change(s).',
          })
        : sendJson(res, 200, {
            status: 'partial',
            of: COMMIT,
            update_id: UPDATE,
            commit: 'd'.repeat(40),
            reverted: [{ path: 'changelog.md', kind: 'edited' }],
            conflicts: [{ path: 'projects/garden/garlic.md', reason: 'it was changed after the change created it' }],
            inbox_id: 'undo-20250314-093000-abcdef',
            message: 'Reverted what applied cleanly',
          });
    const partial = await runKnower(['undo', UPDATE], env(), scratch);
    expect(partial.code).toBe(4);
    expect(partial.stdout).toBe(
      [
        `Partly undone update ${UPDATE}.`,
        "Reverted (the undo's commit is ddddddd; undo it to put them back):",
        '  edited   changelog.md',
        'Not reverted: changed since, left as it is:',
        '  projects/garden/garlic.md: it was changed after the change created it',
        'Explained in inbox item undo-20250314-093000-abcdef (./knower inbox).',
        'To put a file back as it was anyway: ./knower restore PATH lists its versions, ./knower restore PATH --to COMMIT restores one.',
        '',
      ].join('\n'),
    );
    expect(service.requests[0]).toBe(`POST /updates/${UPDATE}/undo`);

    const byCommit = await runKnower(['undo', 'abcdef1'], env(), scratch);
    expect(byCommit.code).toBe(0);
    expect(byCommit.stdout).toContain(`Undone commit ${'a'.repeat(7)}.`);
    expect(byCommit.stdout).toContain('  deleted  projects/garden/garlic.md');
    expect(service.requests[1]).toBe('POST /history/abcdef1/undo');
  });

  it('undo exits 0 for an update already undone, naming the undo that stands and how to put it back', async () => {
    answer = (_url, res) =>
      sendJson(res, 200, {
        status: 'already_undone',
        of: COMMIT,
        update_id: UPDATE,
        commit: 'e'.repeat(40),
        reverted: [],
        conflicts: [],
        message: 'Already undone by commit eeeeeee: nothing was changed. Undo eeeeeee to put it back.',
      });
    const again = await runKnower(['undo', UPDATE], env(), scratch);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toBe([`Already undone: update ${UPDATE} was undone by commit eeeeeee; nothing was changed.`, 'To put it back: ./knower undo eeeeeee', ''].join('\n'));
  });

  it("undo exits 1 with the service's reason when it refuses, and 2 for a missing or malformed id", async () => {
    answer = (_url, res) => sendJson(res, 409, { error: 'update_not_finished', message: `update ${UPDATE} is running; it can be reviewed once it has finished` });
    const refused = await runKnower(['undo', UPDATE], env(), scratch);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('HTTP 409: update 20250314-092600-a1b2c3 is running');

    for (const args of [['undo'], ['undo', '../etc'], ['undo', UPDATE, 'extra'], ['history', '--limit', '0'], ['history', '--cursor', 'x']]) {
      const result = await runKnower(args, env(), scratch);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: knower');
    }
    expect(service.requests).toEqual([`POST /updates/${UPDATE}/undo`]);
  });
});

// The real service: updates filed by the offline provider, a hand edit, undos over HTTP.
describe('knower history and undo against the real service', () => {
  let env: NodeJS.ProcessEnv;
  let vault: string;

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'core/dist/main.js'))) throw new Error('core/dist is missing: run `npm run build` (./knower test does it for you)');
    vault = join(scratch, 'vault');
    env = shellEnv(scratch, {
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      KNOWER_STATE_DIR: join(scratch, 'real-state'),
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

  const add = async (words: string) => {
    const sent = await runKnower(['add', words, '--wait', '--timeout', '60'], env, scratch);
    expect(sent.code, sent.stderr).toBe(0);
    const id = sent.stdout.split('\n')[0] ?? '';
    const note = /(bucket\/[^,\s]+\.md)/.exec(sent.stdout)?.[1] ?? '';
    expect(note).not.toBe('');
    return { id, note };
  };

  it('lists an update with its files, undoes it (exit 0), and leaves a hand-edited one in part (exit 4)', { timeout: 90_000 }, async () => {
    const first = await add('Garlic planted in bed 4');
    const listed = await runKnower(['history'], env, scratch);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${first.id}  update done  `));
    expect(listed.stdout).toContain(`  created  ${first.note}`);
    const json = JSON.parse((await runKnower(['history', '--json', '--limit', '1'], env, scratch)).stdout) as { entries: Array<{ update?: { id: string } }> };
    expect(json.entries[0]?.update?.id).toBe(first.id);

    const undone = await runKnower(['undo', first.id], env, scratch);
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain(`Undone update ${first.id}.`);
    expect(undone.stdout).toContain(`  deleted  ${first.note}`);
    expect(existsSync(join(vault, first.note))).toBe(false);
    expect((await runKnower(['history'], env, scratch)).stdout).toMatch(new RegExp(`${first.id}  update done  .*\\[undone by [0-9a-f]{7}\\]`));

    const second = await add('Beans sown in bed 2');
    // Undone already, with a later update's changelog entry where its own was: said so, nothing done.
    const again = await runKnower(['undo', first.id], env, scratch);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^Already undone: update ${first.id} was undone by commit [0-9a-f]{7}; nothing was changed\\.\n`));
    expect((await runKnower(['inbox'], env, scratch)).stdout).not.toContain('undo-');
    const text = await readFile(join(vault, second.note), 'utf8');
    await writeFile(join(vault, second.note), `${text}\nWatered them by hand.\n`);
    // The history commits hand edits once the vault is quiet: wait for that commit.
    await waitFor(async () => (await runKnower(['history', '--all', '--limit', '1'], env, scratch)).stdout.includes('hand edits'), 30_000, 'the hand edit to be committed');

    const partial = await runKnower(['undo', second.id], env, scratch);
    expect(partial.code, partial.stderr).toBe(4);
    expect(partial.stdout).toContain(`Partly undone update ${second.id}.`);
    expect(partial.stdout).toContain(`  ${second.note}: `);
    const inboxId = /Explained in inbox item (\S+) /.exec(partial.stdout)?.[1] ?? '';
    expect(inboxId).toMatch(/^undo-/);
    expect(await readFile(join(vault, second.note), 'utf8')).toContain('Watered them by hand.');
    expect((await runKnower(['inbox'], env, scratch)).stdout).toContain(inboxId);

    const unknown = await runKnower(['undo', '20990101-000000-000000'], env, scratch);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('HTTP 404');
  });
});
