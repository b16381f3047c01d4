import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { slow, text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { waitFor } from '../helpers/temp-dir.js';
import { appendSteps, bodyOf, historyGit, startHistoryApp, waitForHandCommit, type HistoryApp } from './history-fixture.js';

const SECRET = 'Kestrel-Passcode-4471';
const KEYS = 'projects/home/keys.md';
const GARDEN = 'projects/garden/state.md';

interface Report {
  status: string;
  vault: { changed: string[]; deleted: string[]; busy: string[] };
  history: { commits: number; versions: number; messages: number };
  records: { updates: string[]; questions: string[]; files: string[] };
  commit: string | null;
  backup: boolean;
}

interface Entry {
  commit: string;
  kind: string;
  undoes?: string;
  undone_by: string[];
  update?: { id: string };
}

const hasObject = (stateDir: string, id: string) => spawnSync('git', ['cat-file', '-e', id], { env: { PATH: process.env.PATH, GIT_DIR: path.join(stateDir, 'history', 'repo.git') } }).status === 0;

const fileSteps = (rel: string, content: string) => [turn(toolUse('write', { path: rel, content })), turn(text(`Filed into ${rel}.`))];

async function seed(vault: string): Promise<void> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  await mkdir(path.join(vault, 'projects', 'garden'), { recursive: true });
  await writeFile(path.join(vault, GARDEN), '# Garden\n\n- Beds are dug.\n');
}

/** Every file of a folder (recursively, relative paths) with its bytes. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.set(path.relative(dir, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name)));
  }
  return out;
}

describe('knower forget rewrites the history (real git)', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('deletes a file from the vault and from every commit that held a version of it', async () => {
    h = await startHistoryApp({ prepare: seed });
    await h.write(KEYS, `# Keys\n\nDoor: ${SECRET}\n`);
    await waitForHandCommit(h, KEYS);
    await h.update('Safe code too', ...appendSteps(KEYS, '- Safe: 9931'));
    await h.write(KEYS, `${await h.read(KEYS)}- Gate: 1234\n`);
    await waitForHandCommit(h, KEYS);
    await h.update('Planted tomatoes', ...appendSteps(GARDEN, '- Tomatoes planted.'));
    const versions = historyGit(h.stateDir, ['log', '--format=%H', 'main', '--', KEYS]).trim().split('\n');
    expect(versions.length).toBeGreaterThanOrEqual(3);
    const blobs = [...new Set(versions.map((c) => historyGit(h.stateDir, ['rev-parse', `${c}:${KEYS}`]).trim()))];
    expect(historyGit(h.stateDir, ['log', '--format=%B', 'main'])).toContain(KEYS); // a hand edit's message lists it

    const dry = await h.post<Report>('/forget', { paths: [KEYS] });
    expect(dry.body).toMatchObject({ status: 'dry_run', vault: { changed: [], deleted: [KEYS] } });
    expect(dry.body.history.versions).toBe(blobs.length);
    expect(existsSync(path.join(h.vault, KEYS))).toBe(true);

    const done = await h.post<Report>('/forget', { paths: [KEYS], dry_run: false });
    await h.settle();
    expect(done.body).toMatchObject({ status: 'forgotten', vault: { deleted: [KEYS] }, backup: true });
    expect(existsSync(path.join(h.vault, KEYS))).toBe(false);
    expect(historyGit(h.stateDir, ['log', '--format=%H', 'main', '--', KEYS]).trim()).toBe('');
    expect(historyGit(h.stateDir, ['log', '-p', '--format=%B', 'main'])).not.toContain(SECRET);
    expect(historyGit(h.stateDir, ['log', '--format=%B', 'main'])).not.toContain(KEYS);
    // The rest of the vault's history is as it was: the garden's update is still there, undoable.
    expect(await bodyOf(h.vault, GARDEN)).toContain('- Tomatoes planted.');
    expect(historyGit(h.stateDir, ['log', '--format=%H', 'main', '--', GARDEN]).trim()).not.toBe('');
    for (const blob of blobs) expect(hasObject(h.stateDir, blob)).toBe(true); // the backup holds them

    expect((await h.post('/forget/confirm')).status).toBe(200);
    for (const blob of blobs) expect(hasObject(h.stateDir, blob), blob).toBe(false);
  }, 90_000);

  it('keeps earlier updates and undos working: commits map to the rewritten ones', async () => {
    h = await startHistoryApp({ prepare: seed });
    // The secret first: every commit after it gets a new id.
    const door = await h.update(`Door code ${SECRET}`, ...fileSteps('bucket/door.md', `# Door\n\nCode: ${SECRET}\n`));
    const beans = await h.update('Beans sown', ...fileSteps('bucket/beans.md', '# Beans\n'));
    const undoBeans = await h.post<{ status: string; commit: string }>(`/updates/${beans}/undo`);
    expect(undoBeans.body.status).toBe('undone');
    const tomatoes = await h.update('Planted tomatoes', ...appendSteps(GARDEN, '- Tomatoes planted.'));
    // An update's diff waits for its commit: the history is complete before it is read.
    await h.get(`/updates/${tomatoes}/diff`);
    const before = (await h.get<{ entries: Entry[] }>('/history?limit=100')).body.entries;

    const done = await h.post<Report>('/forget', { text: SECRET, dry_run: false });
    expect(done.body.status).toBe('forgotten');
    await h.settle();
    const after = (await h.get<{ entries: Entry[] }>('/history?limit=100')).body.entries;
    expect(after.map((e) => e.kind)).toEqual(['forget', ...before.map((e) => e.kind)]);
    const commitOf = (entries: Entry[], id: string) => entries.find((e) => e.update?.id === id)?.commit;
    for (const id of [door, beans, tomatoes]) expect(commitOf(after, id)).not.toBe(commitOf(before, id));
    // The undo still names the update it reverses, by the update's commit as it is now.
    const beansEntry = after.find((e) => e.update?.id === beans) as Entry;
    const undoEntry = after.find((e) => e.kind === 'undo') as Entry;
    expect(undoEntry.undoes).toBe(beansEntry.commit);
    expect(beansEntry.undone_by).toEqual([undoEntry.commit]);
    expect((await h.post<{ status: string }>(`/updates/${beans}/undo`)).body.status).toBe('already_undone');
    const activity = await h.get<{ items: Array<{ id: string; history?: { commit: string; undone: boolean } }> }>('/activity');
    expect(activity.body.items.find((i) => i.id === beans)?.history).toMatchObject({ commit: beansEntry.commit, undone: true });

    // An update from before the forget is undone as any other.
    const undone = await h.post<{ status: string; of: string }>(`/updates/${tomatoes}/undo`);
    expect(undone.body).toMatchObject({ status: 'undone', of: after.find((e) => e.update?.id === tomatoes)?.commit });
    expect(await bodyOf(h.vault, GARDEN)).not.toContain('Tomatoes');

    // Read back from git after a restart, the same.
    h = await h.restart();
    const reread = (await h.get<{ entries: Entry[] }>('/history?limit=100')).body.entries;
    expect(reread.find((e) => e.commit === undoEntry.commit)?.undoes).toBe(beansEntry.commit);
  }, 90_000);

  it('waits for the update running when it is asked, then forgets what that update wrote too', async () => {
    h = await startHistoryApp({ prepare: seed });
    h.model.push(slow(turn(toolUse('write', { path: 'bucket/late.md', content: `# Late\n\n${SECRET}\n` })), 1500), turn(text('Filed it.')));
    const sent = await h.post<{ id: string }>('/update', { text: `Late note ${SECRET}` });
    await waitFor(() => h.knower.queue.get(sent.body.id)?.status === 'running', 10_000, 'the update to run');
    const done = await h.post<Report>('/forget', { text: SECRET, dry_run: false });
    expect(h.knower.queue.get(sent.body.id)?.status).toBe('done');
    expect(done.body.vault.changed).toContain('bucket/late.md');
    expect(done.body.records.updates).toEqual([sent.body.id]);
    await h.settle();
    expect(await h.read('bucket/late.md')).not.toContain(SECRET);
    const kinds = (await h.get<{ entries: Entry[] }>('/history')).body.entries.map((e) => e.update?.id ?? e.kind);
    expect(kinds.slice(0, 2)).toEqual(['forget', sent.body.id]);
    expect(historyGit(h.stateDir, ['log', '-p', '--format=%B', 'main'])).not.toContain(SECRET);
  }, 60_000);

  it('puts the backup back exactly: the history, the vault and the records as they were', async () => {
    h = await startHistoryApp({ prepare: seed });
    await h.update(`Door code ${SECRET}`, ...fileSteps('bucket/door.md', `# Door\n\nCode: ${SECRET}\n`));
    await h.update('Planted tomatoes', ...appendSteps(GARDEN, '- Tomatoes planted.'));
    h.model.push(turn(text(`The door code is ${SECRET}.`)));
    await h.post('/search', { query: `door code ${SECRET}` });
    await h.settle();
    const head = historyGit(h.stateDir, ['rev-parse', 'main']).trim();
    const notes = new Map<string, string>();
    for (const rel of (await filesOf(h.vault)).keys()) if (rel.endsWith('.md') && rel !== 'tree.md') notes.set(rel, await bodyOf(h.vault, rel));
    const records = async () => new Map([...(await filesOf(path.join(h.stateDir, 'updates'))), ...[...(await filesOf(path.join(h.stateDir, 'questions')))].map(([k, v]) => [`q/${k}`, v] as const)]);
    const recordsBefore = await records();

    expect((await h.post<Report>('/forget', { text: SECRET, dry_run: false })).body.status).toBe('forgotten');
    await h.settle();
    expect(await h.read('bucket/door.md')).not.toContain(SECRET);
    expect(historyGit(h.stateDir, ['rev-parse', 'main']).trim()).not.toBe(head);

    const restored = await h.post<{ status: string; kept: string[] }>('/forget/restore');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ status: 'restored', kept: [] });
    await h.settle();
    expect(historyGit(h.stateDir, ['rev-parse', 'main']).trim()).toBe(head);
    expect(historyGit(h.stateDir, ['for-each-ref', 'refs/knower/'])).toBe('');
    for (const [rel, body] of notes) expect(await bodyOf(h.vault, rel), rel).toBe(body);
    expect(await records()).toEqual(recordsBefore);
    expect(h.knower.queue.recent(10).some((r) => r.text.includes(SECRET))).toBe(true);
    expect((await h.get('/forget')).body).toEqual({ backup: null });
    expect(existsSync(path.join(h.stateDir, 'forget-backup'))).toBe(false);
    expect((await h.post('/forget/restore')).status).toBe(409);
  }, 60_000);
});
