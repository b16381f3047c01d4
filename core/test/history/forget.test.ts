import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { appendSteps, historyGit, startHistoryApp, type HistoryApp } from './history-fixture.js';

// One word for the search index (lower case, letters and digits), so its file holds it as written.
const SECRET = 'zqxsecret93f1';
const BANK = 'bucket/bank.md';
const GARDEN = 'projects/garden/state.md';

interface Report {
  status: string;
  vault: { changed: string[]; deleted: string[]; busy: string[] };
  history: { commits: number; versions: number; messages: number };
  records: { updates: string[]; questions: string[]; files: string[] };
  commit: string | null;
  backup: boolean;
  notes: string[];
}

/** Every file below `dir` whose bytes hold `needle`, relative to `dir`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    if ((await readFile(abs)).includes(needle)) found.push(path.relative(dir, abs));
  }
  return found.sort();
}

/** Whether git still has an object (`git cat-file -e`). */
function hasObject(stateDir: string, id: string): boolean {
  return spawnSync('git', ['cat-file', '-e', id], { env: { PATH: process.env.PATH, GIT_DIR: path.join(stateDir, 'history', 'repo.git') } }).status === 0;
}

/** An update that files the secret in a note of its own and says so. */
async function sendSecret(h: HistoryApp): Promise<string> {
  return h.update(`My bank PIN is ${SECRET}, keep it safe`, turn(toolUse('write', { path: BANK, content: `# Bank\n\nPIN: ${SECRET}\n` })), turn(text(`Filed the PIN ${SECRET} in ${BANK}.`)));
}

describe('knower forget (real git, the real search index)', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('takes a secret sent in an update out of the vault, every commit, the records and the index; the backup keeps it until confirmed', async () => {
    h = await startHistoryApp({ realSearch: true, prepare: async (vault) => void (await import('node:fs/promises')).mkdir(path.join(vault, 'projects', 'garden'), { recursive: true }) });
    await h.write(GARDEN, '# Garden\n\n- Beds are dug.\n');
    await h.settle();
    const u1 = await sendSecret(h);
    const u2 = await h.update('Planted tomatoes', ...appendSteps(GARDEN, '- Tomatoes planted.'));
    h.model.push(turn(text(`Your PIN is ${SECRET}.`)));
    const asked = await h.post<{ question_id?: string }>('/search', { query: `what is my PIN ${SECRET}` });
    expect(asked.status).toBe(200);
    await h.settle();
    // Before: the records and the search index hold it (its database, or its log not folded in yet).
    const before = await filesHolding(h.stateDir, SECRET);
    expect(before.filter((f) => f.startsWith(`search${path.sep}index.sqlite`)).length, before.join(', ')).toBeGreaterThan(0);
    const oldHead = historyGit(h.stateDir, ['rev-parse', 'main']).trim();
    const oldBlob = historyGit(h.stateDir, ['rev-parse', `main:${BANK}`]).trim();
    expect(historyGit(h.stateDir, ['log', '-p', 'main'])).toContain(SECRET);

    // A dry run first: it lists what would change, and changes nothing.
    const dry = await h.post<Report>('/forget', { text: SECRET });
    expect(dry.status).toBe(200);
    expect(dry.body.status).toBe('dry_run');
    expect(dry.body.vault.changed).toEqual(expect.arrayContaining([BANK, 'changelog.md']));
    expect(dry.body.records.updates).toEqual([u1]);
    expect(dry.body.records.questions).toHaveLength(1);
    expect(dry.body.history.commits).toBeGreaterThanOrEqual(1);
    expect(dry.body.history.messages).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(dry.body)).not.toContain(SECRET);
    expect(await h.read(BANK)).toContain(SECRET);
    expect(historyGit(h.stateDir, ['rev-parse', 'main']).trim()).toBe(oldHead);
    expect((await h.get('/forget')).body).toEqual({ backup: null });

    const done = await h.post<Report>('/forget', { text: SECRET, dry_run: false });
    await h.settle();
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'forgotten', backup: true, notes: [] });
    expect(done.body.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(JSON.stringify(done.body)).not.toContain(SECRET);
    expect(await h.read(BANK)).toContain('PIN: [forgotten]');

    // The branch holds no trace, commit messages included; only the backup still does.
    expect(historyGit(h.stateDir, ['log', '-p', '--format=%B', 'main'])).not.toContain(SECRET);
    expect(historyGit(h.stateDir, ['log', '-p', '--all'])).toContain(SECRET);
    expect(await filesHolding(h.vault, SECRET)).toEqual([]);
    const inState = await filesHolding(h.stateDir, SECRET);
    expect(inState.length).toBeGreaterThan(0);
    expect(inState.filter((f) => !f.startsWith(`forget-backup${path.sep}`))).toEqual([]);
    // What a client reads: the history's list, the records, the questions.
    const history = await h.get<{ entries: Array<{ kind: string; title: string; update?: { id: string } }> }>('/history');
    expect(history.body.entries[0]?.kind).toBe('forget');
    expect(history.body.entries.map((e) => e.update?.id).filter(Boolean)).toEqual([u2, u1]);
    expect(JSON.stringify(history.body)).not.toContain(SECRET);
    expect(JSON.stringify((await h.get('/activity')).body)).not.toContain(SECRET);
    expect((await h.get<{ backup: { forgets: number } | null }>('/forget')).body.backup).toMatchObject({ forgets: 1 });

    const confirmed = await h.post('/forget/confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed' });
    expect(historyGit(h.stateDir, ['log', '-p', '--all'])).not.toContain(SECRET);
    expect(hasObject(h.stateDir, oldBlob)).toBe(false);
    expect(hasObject(h.stateDir, oldHead)).toBe(false);
    expect(existsSync(path.join(h.stateDir, 'forget-backup'))).toBe(false);
    expect(await filesHolding(h.base, SECRET)).toEqual([]);
    expect((await h.get('/forget')).body).toEqual({ backup: null });
    expect((await h.post('/forget/confirm')).status).toBe(409);
  }, 90_000);
});
