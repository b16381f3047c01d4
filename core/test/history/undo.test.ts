import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { appendSteps, bodyOf, startHistoryApp, type HistoryApp } from './history-fixture.js';

const STATE = 'projects/garden/state.md';
const NOTES = 'projects/garden/notes.md';
const HARVEST = 'projects/garden/harvest.md';

async function seedGarden(vault: string): Promise<void> {
  await mkdir(path.join(vault, 'projects', 'garden'), { recursive: true });
  await writeFile(path.join(vault, STATE), '# State\n\n- Beds are dug.\n');
  await writeFile(path.join(vault, NOTES), '# Notes\n\nSoil is clay.\n\nWater on Mondays.\n');
}

interface UndoBody {
  status: string;
  commit: string | null;
  reverted: Array<{ path: string; kind: string }>;
  conflicts: Array<{ path: string; reason: string }>;
  inbox_id?: string;
}

describe('undo (real update agent, fake Messages API)', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('undoes the first of three updates and keeps the hand edit and the later updates intact', async () => {
    h = await startHistoryApp({ prepare: seedGarden });
    const u1 = await h.update('Planted tomatoes', ...appendSteps(STATE, '- Tomatoes planted.', 'Logged the tomatoes.'));
    // A hand edit in between: the line right above the one the first update added, and another note.
    await h.write(STATE, (await h.read(STATE)).replace('- Beds are dug.', '- Beds are dug and mulched.'));
    await h.write(NOTES, (await h.read(NOTES)).replace('Soil is clay.', 'Soil is clay; added compost.'));
    await h.settle();
    const u2 = await h.update('Planted peppers', ...appendSteps(STATE, '- Peppers planted.', 'Logged the peppers.'));
    const u3 = await h.update('First harvest', turn(toolUse('write', { path: HARVEST, content: '# Harvest\n\n- 2 kg of beans.\n' })), turn(text('Started a harvest log.')));
    const changelogBefore = await bodyOf(h.vault, 'changelog.md');
    expect(changelogBefore).toContain(u1);

    const undo = await h.post<UndoBody>(`/updates/${u1}/undo`);
    await h.settle();
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ status: 'undone', conflicts: [] });
    expect(undo.body.reverted).toEqual([
      { path: 'changelog.md', kind: 'edited' },
      { path: STATE, kind: 'edited' },
    ]);
    // Exactly the state without the first update: the hand-edited lines are byte for byte as typed.
    expect(await bodyOf(h.vault, STATE)).toBe('# State\n\n- Beds are dug and mulched.\n- Peppers planted.\n');
    expect(await bodyOf(h.vault, NOTES)).toBe('# Notes\n\nSoil is clay; added compost.\n\nWater on Mondays.\n');
    expect(await bodyOf(h.vault, HARVEST)).toBe('# Harvest\n\n- 2 kg of beans.\n');
    const changelog = await bodyOf(h.vault, 'changelog.md');
    expect(changelog).not.toContain(u1);
    expect(changelog).toContain(u2);
    expect(changelog).toContain(u3);
    // Only the first update's entry went: the rest of the log is as it was.
    const withoutU1 = changelogBefore
      .split(/\n\n(?=## )/)
      .filter((entry) => !entry.includes(u1))
      .join('\n\n');
    expect(changelog).toBe(withoutU1.endsWith('\n') ? withoutU1 : `${withoutU1}\n`);

    // Every update's parent holds what the person had: the hand edits are their own commit in between.
    const all = await h.get<{ entries: Array<{ kind: string; update?: { id: string }; changes: Array<{ path: string }> }> }>('/history');
    // The two hand saves may land in one commit or two, as the watcher saw them; never in an update's.
    const ids = all.body.entries.map((e) => e.update?.id ?? e.kind);
    const hands = ids.filter((id) => id === 'hand').length;
    expect(hands).toBeGreaterThanOrEqual(1);
    expect(ids, JSON.stringify(all.body.entries.map((e) => [e.update?.id ?? e.kind, e.changes.map((c) => c.path)]))).toEqual(['undo', u3, u2, ...Array<string>(hands).fill('hand'), u1, 'snapshot']);
    const handPaths = all.body.entries.slice(3, 3 + hands).flatMap((e) => e.changes.map((c) => c.path));
    expect(handPaths.sort()).toEqual([NOTES, STATE]);
    const diff = await h.get<{ files: Array<{ path: string; hunks: Array<{ lines: string[] }> }> }>(`/updates/${u2}/diff`);
    const stateDiff = diff.body.files.find((f) => f.path === STATE);
    expect(stateDiff?.hunks.flatMap((hunk) => hunk.lines.filter((l) => l.startsWith('+') || l.startsWith('-')))).toEqual(['+- Peppers planted.']);

    // The undo is in the history, with the update it reverses marked as undone.
    const list = await h.get<{ entries: Array<{ kind: string; commit: string; undoes?: string; undone_by: string[]; update?: { id: string } }> }>('/history?kind=update,undo');
    const [newest, ...rest] = list.body.entries;
    expect(newest).toMatchObject({ kind: 'undo', commit: undo.body.commit });
    expect(rest.map((e) => e.update?.id)).toEqual([u3, u2, u1]);
    expect(rest.find((e) => e.update?.id === u1)?.undone_by).toEqual([undo.body.commit]);
  });

  it('leaves a file changed by hand since the update alone and explains it in an inbox item', async () => {
    h = await startHistoryApp({ prepare: seedGarden });
    const u1 = await h.update('Planted tomatoes', ...appendSteps(STATE, '- Tomatoes planted.'));
    const edited = (await h.read(STATE)).replace('- Tomatoes planted.', '- Tomatoes planted in bed 2, staked.');
    await h.write(STATE, edited);
    await h.settle();
    const before = await snapshotVault(h.vault);

    const undo = await h.post<UndoBody>(`/updates/${u1}/undo`);
    await h.settle();
    expect(undo.status).toBe(200);
    expect(undo.body.status).toBe('partial');
    expect(undo.body.conflicts).toEqual([{ path: STATE, reason: expect.stringContaining('edited afterwards') }]);
    const inboxId = undo.body.inbox_id as string;
    expect(inboxId).toMatch(/^undo-/);

    const after = await snapshotVault(h.vault);
    // The hand-edited file is exactly as the person left it.
    expect(after.get(STATE)).toBe(before.get(STATE));
    // Nothing else changed but the update's own log entry (reverted cleanly) and the new item.
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((rel) => before.get(rel) !== after.get(rel)).sort();
    expect(changed).toEqual(['changelog.md', `inbox/${inboxId}/review.md`]);
    expect(after.get('changelog.md')).not.toContain(u1);

    const item = await h.get<{ title: string; review: { body: string; frontmatter: Record<string, unknown> } }>(`/inbox/${inboxId}`);
    expect(item.status).toBe(200);
    expect(item.body.review.frontmatter).toMatchObject({ update_id: u1, status: 'undo-conflict' });
    const review = item.body.review.body;
    expect(review).toContain(`## ${STATE}`);
    expect(review).toContain('Not reverted: lines the change wrote were edited afterwards');
    expect(review).toMatch(/Changed since by: a hand edit/);
    expect(review).toContain('What the change wrote:');
    expect(review).toContain('- Tomatoes planted.\n');
    expect(review).toContain('- Tomatoes planted in bed 2, staked.\n');
  });

  it('undoes an undo: the update comes back', async () => {
    h = await startHistoryApp({ prepare: seedGarden });
    const u1 = await h.update('Planted tomatoes', ...appendSteps(STATE, '- Tomatoes planted.'));
    const withUpdate = await bodyOf(h.vault, STATE);
    const undo = await h.post<UndoBody>(`/updates/${u1}/undo`);
    await h.settle();
    expect(await bodyOf(h.vault, STATE)).toBe('# State\n\n- Beds are dug.\n');

    const redo = await h.post<UndoBody>(`/history/${undo.body.commit}/undo`);
    await h.settle();
    expect(redo.body).toMatchObject({ status: 'undone', conflicts: [] });
    expect(await bodyOf(h.vault, STATE)).toBe(withUpdate);
    expect(await bodyOf(h.vault, 'changelog.md')).toContain(u1);
    // Undoing the same undo twice: the first one stands, so nothing is done and it is named.
    const again = await h.post<UndoBody>(`/history/${undo.body.commit}/undo`);
    expect(again.body).toMatchObject({ status: 'already_undone', commit: redo.body.commit });
  });

  it('undoes a move and a created folder, putting the file back where it was', async () => {
    h = await startHistoryApp({ prepare: seedGarden });
    const u1 = await h.update('Reorganise', turn(toolUse('read', { path: NOTES })), turn(toolUse('move', { from: NOTES, to: 'projects/garden/archive/notes.md' })), turn(text('Archived the notes.')));
    const record = await h.get<{ changes: unknown[] }>(`/updates/${u1}`);
    expect(record.body.changes).toEqual(
      expect.arrayContaining([
        { path: 'projects/garden/archive/notes.md', kind: 'moved', from: NOTES },
        { path: 'changelog.md', kind: 'edited' },
      ]),
    );
    const undo = await h.post<UndoBody>(`/updates/${u1}/undo`);
    await h.settle();
    expect(undo.body.reverted).toEqual(expect.arrayContaining([{ path: NOTES, kind: 'moved', from: 'projects/garden/archive/notes.md' }]));
    expect(await bodyOf(h.vault, NOTES)).toBe('# Notes\n\nSoil is clay.\n\nWater on Mondays.\n');
    expect(await readdir(path.join(h.vault, 'projects', 'garden'))).not.toContain('archive');
  });

  it('after a folder move with dot-files, undo leaves the vault exactly as it was: the move is refused, never half undone', async () => {
    h = await startHistoryApp({
      prepare: async (vault) => {
        await seedGarden(vault);
        await mkdir(path.join(vault, 'projects', 'garden', '.obsidian'), { recursive: true });
        await writeFile(path.join(vault, 'projects', 'garden', '.obsidian', 'workspace.json'), '{"open": "state.md"}');
        await writeFile(path.join(vault, 'projects', 'garden', '.secret'), 'the shed code');
      },
    });
    const before = await snapshotVault(h.vault, { dotfiles: true });
    const u1 = await h.update('Archive the garden', turn(toolUse('move', { from: 'projects/garden', to: 'projects/old-garden' })), turn(text('Archived the garden.')));
    expect(await readdir(path.join(h.vault, 'projects', 'garden'))).toEqual(expect.arrayContaining(['.obsidian', '.secret', 'state.md', 'notes.md']));
    const undo = await h.post<UndoBody>(`/updates/${u1}/undo`);
    await h.settle();
    expect(undo.body.conflicts).toEqual([]);
    expect(await snapshotVault(h.vault, { dotfiles: true })).toEqual(before);
  });

  it('after a folder move with a name that is not UTF-8, undo leaves the vault exactly as it was: the move is refused, never half undone', async () => {
    const garden = (vault: string) => path.join(vault, 'projects', 'garden');
    // `seed<0xff>.md`: a name made on another system, which Knower cannot record in its history.
    const oddName = Buffer.from([0x73, 0x65, 0x65, 0x64, 0xff, 0x2e, 0x6d, 0x64]);
    h = await startHistoryApp({
      prepare: async (vault) => {
        await seedGarden(vault);
        await writeFile(Buffer.concat([Buffer.from(`${garden(vault)}/`), oddName]), 'saved under a Latin-1 name\n');
      },
    });
    const before = await namesUnder(h.vault);
    const u1 = await h.update('Archive the garden', turn(toolUse('move', { from: 'projects/garden', to: 'projects/old-garden' })), turn(text('Archived the garden.')));
    const undo = await h.post<UndoBody>(`/updates/${u1}/undo`);
    await h.settle();
    expect(undo.body.conflicts).toEqual([]);
    expect(await namesUnder(h.vault)).toEqual(before);
    expect(await readFile(Buffer.concat([Buffer.from(`${garden(h.vault)}/`), oddName]), 'utf8')).toBe('saved under a Latin-1 name\n');
    const record = await h.get<{ steps: Array<{ tool: string; ok: boolean; error?: string }> }>(`/updates/${u1}`);
    expect(record.body.steps.find((s) => s.tool === 'move')).toMatchObject({ ok: false, error: expect.stringContaining('not valid UTF-8') });
  });

  it('refuses what cannot be undone with a clear error', async () => {
    h = await startHistoryApp({ prepare: seedGarden });
    expect((await h.post('/updates/20990101-000000-abcdef/undo')).status).toBe(404);
    expect((await h.post('/history/0123456789abcdef/undo')).status).toBe(404);
    const snapshot = (await h.get<{ entries: Array<{ commit: string; kind: string }> }>('/history')).body.entries.at(-1);
    expect(snapshot?.kind).toBe('snapshot');
    const refused = await h.post<{ error: string; message: string }>(`/history/${snapshot?.commit}/undo`);
    expect(refused).toMatchObject({ status: 409, body: { error: 'not_undoable' } });
  });
});

/** Every file of the vault but tree.md, as text. */
async function snapshotVault(vault: string, opts: { dotfiles?: boolean } = {}): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  async function walk(dir: string, rel: string): Promise<void> {
    for (const d of await readdir(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${d.name}` : d.name;
      if ((d.name.startsWith('.') && !opts.dotfiles) || childRel === 'tree.md') continue;
      if (d.isDirectory()) await walk(path.join(dir, d.name), childRel);
      else if (d.name.startsWith('.')) out.set(childRel, await readFile(path.join(dir, d.name), 'utf8'));
      else out.set(childRel, await bodyOf(vault, childRel));
    }
  }
  await walk(vault, '');
  return out;
}

/** Every entry under the vault's projects/ folder, names as bytes (hex): a name that is not UTF-8 shows as itself. */
async function namesUnder(vault: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: Buffer, rel: string): Promise<void> {
    for (const d of await readdir(dir, { withFileTypes: true, encoding: 'buffer' })) {
      const childRel = `${rel}/${d.name.toString('hex')}`;
      out.push(childRel);
      if (d.isDirectory()) await walk(Buffer.concat([dir, Buffer.from('/'), d.name]), childRel);
    }
  }
  await walk(Buffer.from(path.join(vault, 'projects')), '');
  return out.sort();
}
