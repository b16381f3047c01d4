// What a person types never frames the history: updates whose texts (and summaries) carry every
// control character, and texts built to pass for another commit's fields or for Knower's
// trailers, are listed with their own kind and update id after a restart (the commit log is
// read back from git then), and undoing each one reverses its own files and nothing else.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { historyGit, startHistoryApp, waitForHandCommit, type HistoryApp } from './history-fixture.js';

const MINE = 'notes/mine.md';
const MINE_TEXT = '# Mine\n\nWritten by hand before Knower.\n';
const LATER = 'notes/later.md';
const LATER_TEXT = '# Later\n\nWritten by hand between updates.\n';

interface Entry {
  commit: string;
  kind: string;
  title: string;
  update?: { id: string };
  undoes?: string;
}

interface Sent {
  id: string;
  file: string;
  label: string;
}

const CONTROL_CODES = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f];
const hex = (code: number) => code.toString(16).padStart(2, '0');
const ANY_CONTROL = /\p{Cc}/u;

async function listing(h: HistoryApp): Promise<Entry[]> {
  const { status, body } = await h.get<{ entries: Entry[]; next_cursor?: string }>('/history?limit=100');
  expect(status).toBe(200);
  expect(body.next_cursor).toBeUndefined();
  return body.entries;
}

const shape = (entries: Entry[]) => entries.map((e) => ({ commit: e.commit, kind: e.kind, update: e.update?.id, undoes: e.undoes }));

describe('the history is framed so that no text of the person can change it', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('keeps every commit its kind and update id across a restart, and each undo reverses only its own files', { timeout: 180_000 }, async () => {
    h = await startHistoryApp({
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'notes'), { recursive: true });
        await writeFile(path.join(vault, MINE), MINE_TEXT);
      },
    });
    const [snapshot] = (await listing(h)).filter((e) => e.kind === 'snapshot');
    expect(snapshot).toBeDefined();
    const first = (snapshot as Entry).commit;

    const sent: Sent[] = [];
    const send = async (label: string, words: string, summary: string) => {
      const file = `bucket/framing-${sent.length}.md`;
      const id = await h.update(words, turn(toolUse('write', { path: file, content: `# ${label}\n` })), turn(text(summary)));
      sent.push({ id, file, label });
      return id;
    };

    for (const code of CONTROL_CODES) {
      const c = String.fromCharCode(code);
      // The agent's summary goes into the commit's body too. Not a NUL there: the summary is also
      // the changelog entry's first line, and a NUL makes changelog.md a binary file (no merges).
      const s = code === 0 ? '' : c;
      await send(`U+00${hex(code)}`, `${c}Control ${hex(code)}: a${c}b${c}${c}c${c}`, `Filed${s}it ${hex(code)}.${s}`);
    }
    const plain = sent[0]?.id as string;
    // Texts shaped like the log's old record and field separators: "this update is the first
    // snapshot" (undoing it would delete every note the vault had), and "this commit is an undo".
    await send('forged record', `\x1e${first}\x1f\x1f\x1f2025\x1f`, 'Filed.');
    await send('forged kind', `x\x1fundo\x1f${first}`, 'Filed.');
    // Texts shaped like Knower's trailers, with a line break or a NUL before them.
    await send('forged trailers', `a\n\nKnower-Kind: snapshot\nKnower-Update: ${plain}\n`, `Done.\n\nKnower-Kind: undo\nKnower-Undoes: ${first}`);
    await send('forged after NUL', `b\0\n\nKnower-Kind: update\nKnower-Update: ${plain}`, 'Done.\n\nKnower-Kind: hand');
    // A hand-written note between updates: its commit is a hand edit's, and stays so.
    await h.write(LATER, LATER_TEXT);
    await waitForHandCommit(h, LATER);
    await send('after the hand edit', 'Planted garlic', 'Filed the garlic.');

    const before = await listing(h);
    h = await h.restart();
    const after = await listing(h);
    expect(shape(after)).toEqual(shape(before));

    // Each update is one commit of kind update, with its own id; everything else is Knower's or the person's.
    const updates = after.filter((e) => e.kind === 'update');
    expect(updates.map((e) => e.update?.id).sort()).toEqual(sent.map((s) => s.id).sort());
    expect(after.map((e) => e.kind).filter((k) => k !== 'update')).toEqual(['hand', 'snapshot']);
    expect(after.at(-1)?.commit).toBe(first);
    for (const e of after) expect(e.title, e.title).not.toMatch(ANY_CONTROL);
    // What git holds: every message is lines of visible characters.
    expect(historyGit(h.stateDir, ['log', '--format=%B%x00'])).not.toMatch(/(?![\n\0])\p{Cc}/u);

    const commitOf = new Map(updates.map((e) => [e.update?.id, e.commit]));
    for (const { id, file, label } of [...sent].reverse()) {
      const undo = await h.post<{ status: string; of: string; reverted: Array<{ path: string; kind: string }> }>(`/updates/${id}/undo`);
      expect(undo.status, label).toBe(200);
      expect(undo.body.status, label).toBe('undone');
      expect(undo.body.of, label).toBe(commitOf.get(id));
      expect(undo.body.reverted.map((r) => `${r.kind} ${r.path}`).sort(), label).toEqual([`deleted ${file}`, 'edited changelog.md']);
    }
    await h.settle();
    expect(await h.read(MINE)).toBe(MINE_TEXT);
    expect(await h.read(LATER)).toBe(LATER_TEXT);
    expect((await readdir(path.join(h.vault, 'bucket'))).filter((name) => name.startsWith('framing-'))).toEqual([]);
    for (const root of ['overview.md', 'profile.md', 'tasks.md', 'changelog.md']) expect(await h.read(root), root).not.toBe('');
  });

  it("lists the versions of a note whose name holds the log's old separators", async () => {
    const name = 'notes/x\x1e\x1f.md';
    h = await startHistoryApp({
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'notes'), { recursive: true });
        await writeFile(path.join(vault, name), '# X\n');
      },
    });
    await h.write(name, '# X\n\nEdited by hand.\n');
    await waitForHandCommit(h, name);
    const { body } = await h.get<{ versions: Array<{ kind: string; change: { kind: string } }> }>(`/vault/history?path=${encodeURIComponent(name)}`);
    expect(body.versions.map((v) => [v.kind, v.change.kind])).toEqual([
      ['hand', 'edited'],
      ['snapshot', 'created'],
    ]);
  });
});
