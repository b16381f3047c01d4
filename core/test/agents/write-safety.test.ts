import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setFrontmatterFields } from '../../src/vault/index.js';
import { lastToolResults, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer, type ScriptStep, type WireRequest } from '../fakes/fake-anthropic-server.js';
import { makeVault, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  await vault?.cleanup();
  server = vault = undefined;
});

const STATE = 'projects/acme/state.md';
const input = (id: string) => ({ id, text: 'acme launch moved', attachments: [], receivedAt: '2025-03-14T09:25:00Z' });

/** A scripted turn that first does something to the vault (as a person or the job would), then answers. */
const meanwhile = (act: (req: WireRequest) => void, step: ScriptStep): ScriptStep => ({
  kind: 'dynamic',
  respond: (req) => {
    act(req);
    return step;
  },
});

describe('write safety', () => {
  it('never overwrites a hand edit made after the agent read the file; the agent is told, re-reads and sees it', async () => {
    vault = await makeVault(project('acme', 'Launch planned for Q3.'));
    const abs = path.join(vault.root, STATE);
    let reread = '';
    server = await startFakeAnthropicServer([
      turn(toolUse('read', { path: STATE })),
      meanwhile(
        () => writeFileSync(abs, readFileSync(abs, 'utf8').replace('Launch planned for Q3.', 'Launch planned for Q3. Budget approved (typed by hand).')),
        turn(toolUse('write', { path: STATE, content: '# State\n\nLaunch moved to October.\n' })),
      ),
      meanwhile((req) => expect(lastToolResults(req)[0]).toMatchObject({ is_error: true, content: expect.stringContaining('Read it again') }), turn(toolUse('read', { path: STATE }))),
      meanwhile((req) => (reread = lastToolResults(req)[0]!.content), turn(toolUse('edit', { path: STATE, old_content: 'Launch planned for Q3.', new_content: 'Launch moved to October.' }))),
      turn(text('Updated the launch, keeping your note.')),
    ]);
    const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate(input('u-safe-1'));

    expect(server.remaining()).toBe(0);
    expect(reread).toContain('Budget approved (typed by hand).');
    const final = await vault.read(STATE);
    expect(final).toContain('Launch moved to October. Budget approved (typed by hand).');
    expect(outcome.files).toContain(STATE);
  });

  it("does not count the background job stamping tokens/updated/created as a hand edit, also after the agent's own write", async () => {
    vault = await makeVault(project('acme', 'Launch planned for Q3.'));
    const abs = path.join(vault.root, STATE);
    const stamp = (n: number) => writeFileSync(abs, setFrontmatterFields(readFileSync(abs, 'utf8'), { tokens: n, updated: `2025-03-14T09:3${n % 10}:00Z` }));
    const results: Array<ReturnType<typeof lastToolResults>> = [];
    server = await startFakeAnthropicServer([
      turn(toolUse('read', { path: STATE })),
      meanwhile(() => stamp(40), turn(toolUse('edit', { path: STATE, old_content: 'Q3', new_content: 'October' }))),
      meanwhile((req) => (results.push(lastToolResults(req)), stamp(41)), turn(toolUse('append', { path: STATE, content: 'Owner: Dana.' }))),
      meanwhile((req) => results.push(lastToolResults(req)), turn(text('Done.'))),
    ]);
    await vault.agents({ baseURL: server.baseURL }).runUpdate(input('u-safe-2'));
    expect(results.flat().filter((r) => r.is_error)).toEqual([]);
    const final = await vault.read(STATE);
    expect(final).toContain('Launch planned for October.');
    expect(final).toContain('Owner: Dana.');
    expect(final).toContain('tokens: 41');
  });

  it('deletes a file and a folder the job stamped between the check and the removal', async () => {
    vault = await makeVault({ ...project('acme', 'Launch planned for Q3.'), 'projects/acme/notes/a.md': '# A\n\nOne.\n', 'projects/acme/notes/b.md': '# B\n\nTwo.\n' });
    const session = vault.session('update', { updateId: 'u-safe-stamp' });
    const { deleteTool, readTool } = await import('../../src/agents/tools/index.js');
    const root = vault.root;
    const stamp = (rel: string) => writeFileSync(path.join(root, rel), setFrontmatterFields(readFileSync(path.join(root, rel), 'utf8'), { tokens: 7 }));
    let act: ((abs: string) => void) | undefined;
    // The job (or a person) writes just before each removal: after the tool's own check.
    const racing = {
      ...session,
      writer: { ...session.writer, removeIfUnchanged: (abs: string, expected: Uint8Array) => (act?.(abs), (act = undefined), session.writer.removeIfUnchanged(abs, expected)) },
    };
    for (const rel of [STATE, 'projects/acme/notes/a.md', 'projects/acme/notes/b.md']) await readTool.run({ path: rel }, racing);

    act = (abs) => stamp(path.relative(root, abs));
    expect(await deleteTool.run({ path: STATE }, racing)).toMatchObject({ ok: true });
    expect(existsSync(path.join(root, STATE))).toBe(false);

    act = (abs) => stamp(path.relative(root, abs));
    expect(await deleteTool.run({ path: 'projects/acme/notes' }, racing)).toMatchObject({ ok: true, text: expect.stringContaining('Deleted projects/acme/notes/ (2 files)') });
    expect(existsSync(path.join(root, 'projects/acme/notes'))).toBe(false);
  });

  it('keeps a file edited by hand between the check and the removal', async () => {
    vault = await makeVault(project('acme', 'Launch planned for Q3.'));
    const session = vault.session('update', { updateId: 'u-safe-hand' });
    const { deleteTool, readTool } = await import('../../src/agents/tools/index.js');
    const abs = path.join(vault.root, STATE);
    await readTool.run({ path: STATE }, session);
    let act: (() => void) | undefined = () => writeFileSync(abs, readFileSync(abs, 'utf8') + '\nTyped by hand.\n');
    const racing = {
      ...session,
      writer: { ...session.writer, removeIfUnchanged: (file: string, expected: Uint8Array) => (act?.(), (act = undefined), session.writer.removeIfUnchanged(file, expected)) },
    };
    expect(await deleteTool.run({ path: STATE }, racing)).toMatchObject({ ok: false });
    expect(readFileSync(abs, 'utf8')).toContain('Typed by hand.');
  });

  it('refuses to change a file the agent has not read, and one that was deleted since', async () => {
    vault = await makeVault(project('acme', 'Launch planned for Q3.'));
    const session = vault.session('update', { updateId: 'u-safe-3' });
    const { editTool, readTool, deleteTool } = await import('../../src/agents/tools/index.js');
    const unread = await editTool.run({ path: STATE, old_content: 'Q3', new_content: 'Q4' }, session);
    expect(unread).toMatchObject({ ok: false, error: expect.stringContaining('have not read') });
    await readTool.run({ path: STATE }, session);
    const { unlinkSync } = await import('node:fs');
    unlinkSync(path.join(vault.root, STATE));
    expect(await editTool.run({ path: STATE, old_content: 'Q3', new_content: 'Q4' }, session)).toMatchObject({ ok: false });
    expect(await deleteTool.run({ path: STATE }, session)).toMatchObject({ ok: false });
  });
});
