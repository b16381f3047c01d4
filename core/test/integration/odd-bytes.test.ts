import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

/** A note saved by an old Windows editor: Latin-1 bytes, not UTF-8 (é is the single byte 0xE9). */
const LATIN1 = Buffer.from('# Café Zürich\n\nLe café était très bon, près de la gare.\n', 'latin1');
/** A binary file someone named .md: 64 kB of random bytes. */
const RANDOM = randomBytes(64 * 1024);

const hits = async (t: TestApp, q: string) => ((await t.app.inject(`/vault/search?q=${encodeURIComponent(q)}`)).json() as { results: { path: string }[] }).results.map((r) => r.path);

describe('notes whose bytes are not UTF-8', () => {
  let t: TestApp | undefined;
  let model: FakeAnthropicServer | undefined;
  afterEach(async () => {
    await t?.close();
    await model?.close();
    t = undefined;
    model = undefined;
  });

  it('in a new vault (every note stamped) are left byte for byte; the Latin-1 note is found by an accented word, the binary not indexed', { timeout: 60_000 }, async () => {
    t = await startTestApp({ search: 'qmd' });
    await t.knower.whenSettled();
    expect(t.knower.frontmatter.mode).toBe('all');
    const documents = t.knower.search.status().documents!;
    await writeFile(path.join(t.vault, 'latin.md'), LATIN1);
    await writeFile(path.join(t.vault, 'random.md'), RANDOM);
    await writeFile(path.join(t.vault, 'plain.md'), '# Plain\n\nA UTF-8 note beside them.\n');
    const app = t;
    // The UTF-8 note beside them is stamped: the job did run over this burst.
    await waitFor(async () => (await readFile(path.join(app.vault, 'plain.md'), 'utf8')).includes('tokens:'), 20_000, 'plain.md stamped');
    expect(await waitFor(async () => (await hits(app, 'café')).length > 0 && hits(app, 'café'), 20_000, 'the Latin-1 note searchable')).toEqual(['latin.md']);
    await t.knower.whenSettled();

    expect(await readFile(path.join(t.vault, 'latin.md'))).toEqual(LATIN1);
    expect(await readFile(path.join(t.vault, 'random.md'))).toEqual(RANDOM);
    expect(await hits(t, 'Zürich')).toEqual(['latin.md']);
    // Both are listed; only the text is searchable (plain.md and latin.md joined the index, random.md did not).
    expect(t.knower.index.get('latin.md')).toMatchObject({ kind: 'note' });
    expect(t.knower.index.get('random.md')).toMatchObject({ kind: 'note', size: RANDOM.length });
    expect(t.knower.search.status().documents).toBe(documents + 2);
    // The note view shows the Latin-1 note's words as written, never U+FFFD.
    expect((await t.app.inject('/vault/file?path=latin.md')).json().body).toContain('Le café était très bon');
  });

  it("in the person's own vault, survive the update agent's move into projects/ and a hand move; an edit is refused with a reason the model can act on", { timeout: 60_000 }, async () => {
    model = await startFakeAnthropicServer();
    model.push(
      turn(toolUse('read', { path: 'Notes/latin.md' })),
      turn(toolUse('edit', { path: 'Notes/latin.md', old_content: 'gare', new_content: 'poste' })),
      turn(toolUse('move', { from: 'Notes/latin.md', to: 'projects/trip/latin.md' })),
      turn(text('Filed the note into the trip project.')),
    );
    t = await startTestApp({
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: model.baseURL },
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'Notes'), { recursive: true });
        await writeFile(path.join(vault, 'Notes', 'latin.md'), LATIN1);
        await writeFile(path.join(vault, 'Notes', 'latin-by-hand.md'), LATIN1);
        await writeFile(path.join(vault, 'Notes', 'random.md'), RANDOM);
      },
    });
    await t.knower.whenSettled();
    expect(t.knower.frontmatter.mode).toBe('knower');

    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'File my café note under the trip' } })).json();
    expect(await updateEnded(t, id, 20_000)).toMatchObject({ status: 'done' });
    // The read showed the words as written; the edit came back as an error saying why and what to do instead.
    expect(JSON.stringify(model.requests[1]?.body.messages.at(-1))).toContain('Le café était très bon');
    const editResult = JSON.stringify(model.requests[2]?.body.messages.at(-1));
    expect(editResult).toContain('is_error');
    expect(editResult).toContain('not UTF-8');

    // By hand, into a project folder: a file Knower stamps when it is UTF-8.
    await mkdir(path.join(t.vault, 'projects', 'trip'), { recursive: true });
    await rename(path.join(t.vault, 'Notes', 'latin-by-hand.md'), path.join(t.vault, 'projects', 'trip', 'by-hand.md'));
    await rename(path.join(t.vault, 'Notes', 'random.md'), path.join(t.vault, 'projects', 'trip', 'random.md'));
    await writeFile(path.join(t.vault, 'projects', 'trip', 'plain.md'), '# Plain\n\nMade while Knower runs.\n');
    const app = t;
    await waitFor(async () => (await readFile(path.join(app.vault, 'projects', 'trip', 'plain.md'), 'utf8')).includes('tokens:'), 20_000, 'plain.md stamped');
    await waitFor(() => app.knower.index.has('projects/trip/by-hand.md') && app.knower.index.has('projects/trip/random.md'), 20_000, 'the moved files listed');
    await t.knower.whenSettled();

    expect(await readFile(path.join(t.vault, 'projects', 'trip', 'latin.md'))).toEqual(LATIN1);
    expect(await readFile(path.join(t.vault, 'projects', 'trip', 'by-hand.md'))).toEqual(LATIN1);
    expect(await readFile(path.join(t.vault, 'projects', 'trip', 'random.md'))).toEqual(RANDOM);
    expect((await hits(t, 'café')).sort()).toEqual(['projects/trip/by-hand.md', 'projects/trip/latin.md']);
  });
});
