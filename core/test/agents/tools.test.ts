import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/agents/session.js';
import { appendTool, deleteTool, editTool, moveTool, readTool, toToolSpec, treeTool, writeTool } from '../../src/agents/tools/index.js';
import { TOOL_SETS } from '../../src/agents/tool-sets.js';
import { parseNote } from '../../src/vault/index.js';
import { makeVault, PNG, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture;
let session: Session;
beforeEach(async () => {
  vault = await makeVault({ ...project('acme', 'Launch planned for Q3.'), 'bucket/photo.png': PNG, 'bucket/old/a.md': 'a\n', 'bucket/old/b.md': 'b\n' });
  session = vault.session('update', { updateId: 'u-tools' });
});
afterEach(() => vault.cleanup());

describe('tool definitions', () => {
  it('every tool has a described JSON schema, a description and annotations; only the update set writes', () => {
    for (const tool of TOOL_SETS.update) {
      const spec = toToolSpec(tool);
      expect(spec.inputSchema.type).toBe('object');
      const props = spec.inputSchema.properties as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(props)) expect(schema.description, `${tool.name}.${field}`).toBeTruthy();
      expect(tool.description.length).toBeGreaterThan(60);
    }
    // Fields with defaults are optional for the model.
    expect(toToolSpec(treeTool).inputSchema.required).toBeUndefined();
    expect(toToolSpec(readTool).inputSchema.required).toEqual(['path']);
    expect(toToolSpec(appendTool).inputSchema.required).toEqual(['path', 'content']);
    expect(TOOL_SETS.update.filter((t) => !t.annotations.readOnly).map((t) => t.name)).toEqual(['write', 'edit', 'append', 'delete', 'move']);
    expect(TOOL_SETS.update.filter((t) => t.annotations.destructive).map((t) => t.name)).toEqual(['write', 'edit', 'delete', 'move']);
  });
});

describe('read and tree', () => {
  it('reads notes whole, describes binary files, and lists folders with depth', async () => {
    expect(await readTool.run({ path: 'projects/acme/state.md' }, session)).toMatchObject({ ok: true, text: expect.stringMatching(/^---\ncreated:/) });
    expect(await readTool.run({ path: 'bucket/photo.png' }, session)).toMatchObject({ ok: true, text: expect.stringContaining('binary file (png') });
    expect(await readTool.run({ path: 'projects/acme' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('folder') });
    const tree = await treeTool.run({ path: 'projects', depth: 2 }, session);
    expect(tree).toMatchObject({ ok: true, text: expect.stringContaining('state.md') });
    expect(await treeTool.run({ path: 'nowhere', depth: 1 }, session)).toMatchObject({ ok: false });
  });

  it('lists what this run wrote or removed before the index has caught up', async () => {
    // The fixture's index is synced by hand: nothing here updates it, as if the job were still waiting.
    await writeTool.run({ path: 'projects/acme/fresh.md', content: '# Fresh\n' }, session);
    await readTool.run({ path: 'projects/acme/tasks.md' }, session);
    await deleteTool.run({ path: 'projects/acme/tasks.md' }, session);
    const tree = await treeTool.run({ path: 'projects/acme', depth: 1 }, session);
    expect(tree).toMatchObject({ ok: true, text: expect.stringContaining('fresh.md') });
    expect(tree.ok && tree.text).not.toContain('tasks.md');
  });
});

describe('changing files', () => {
  it('edit replaces the first occurrence and says when the text is not there', async () => {
    await readTool.run({ path: 'projects/acme/tasks.md' }, session);
    expect(await editTool.run({ path: 'projects/acme/tasks.md', old_content: '- [ ] first task', new_content: '- [x] first task' }, session)).toMatchObject({ ok: true });
    expect(await vault.read('projects/acme/tasks.md')).toBe('# Tasks\n\n- [x] first task\n');
    expect(await editTool.run({ path: 'projects/acme/tasks.md', old_content: 'missing', new_content: 'x' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('not found') });
  });

  it('append puts entries newest-first under the title and intro, or at the bottom, and creates missing files', async () => {
    await readTool.run({ path: 'projects/acme/changelog.md' }, session);
    await appendTool.run({ path: 'projects/acme/changelog.md', content: '## first', position: 'top' }, session);
    await appendTool.run({ path: 'projects/acme/changelog.md', content: '## second\n- detail', position: 'top' }, session);
    expect(await vault.read('projects/acme/changelog.md')).toBe('# Changelog\n\nNewest first.\n\n## second\n- detail\n\n## first\n');
    await readTool.run({ path: 'projects/acme/tasks.md' }, session);
    await appendTool.run({ path: 'projects/acme/tasks.md', content: '- [ ] second task', position: 'bottom' }, session);
    expect(await vault.read('projects/acme/tasks.md')).toBe('# Tasks\n\n- [ ] first task\n- [ ] second task\n');
    expect(await appendTool.run({ path: 'projects/acme/notes.md', content: '# Notes', position: 'bottom' }, session)).toMatchObject({ ok: true, text: 'Created projects/acme/notes.md.' });
  });

  it('write creates, refuses to clobber a file it has not read, and keeps created on a rewrite', async () => {
    expect(await writeTool.run({ path: 'bucket/new/idea.md', content: '# Idea\n' }, session)).toMatchObject({ ok: true });
    expect(await writeTool.run({ path: 'projects/acme/state.md', content: '# State\n\nNew.\n' }, session)).toMatchObject({ ok: false });
    await readTool.run({ path: 'projects/acme/state.md' }, session);
    expect(await writeTool.run({ path: 'projects/acme/state.md', content: '---\ntitle: State\n---\n# State\n\nNew.\n' }, session)).toMatchObject({ ok: true });
    const note = parseNote(await vault.read('projects/acme/state.md'));
    expect(note.ok && note.data).toMatchObject({ title: 'State', created: new Date('2025-01-01T00:00:00Z') });
    // The agent may keep working on its own write.
    expect(await editTool.run({ path: 'projects/acme/state.md', old_content: 'New.', new_content: 'Newer.' }, session)).toMatchObject({ ok: true });
  });

  it('never rewrites a note that is not UTF-8 or is read-only: it says why and what to do instead', async () => {
    const latin1 = Buffer.from('# Caf\xe9\n\nPr\xe8s de la gare.\n', 'latin1');
    await writeFile(path.join(vault.root, 'bucket/latin.md'), latin1);
    expect(await readTool.run({ path: 'bucket/latin.md' }, session)).toMatchObject({ ok: true, text: expect.stringContaining('Près de la gare.') });
    for (const run of [
      () => editTool.run({ path: 'bucket/latin.md', old_content: 'gare', new_content: 'poste' }, session),
      () => appendTool.run({ path: 'bucket/latin.md', content: '- more', position: 'bottom' }, session),
      () => writeTool.run({ path: 'bucket/latin.md', content: '# Café\n' }, session),
    ]) {
      expect(await run()).toMatchObject({ ok: false, error: expect.stringMatching(/Windows-1252 \(Latin-1\), not UTF-8.*Nothing was written.*another note/) });
    }
    expect(await readFile(path.join(vault.root, 'bucket/latin.md'))).toEqual(latin1);

    await readTool.run({ path: 'projects/acme/tasks.md' }, session);
    await chmod(path.join(vault.root, 'projects/acme/tasks.md'), 0o444);
    expect(await editTool.run({ path: 'projects/acme/tasks.md', old_content: '- [ ] first task', new_content: '- [x] first task' }, session)).toMatchObject({
      ok: false,
      error: expect.stringContaining('read-only'),
    });
    expect(await vault.read('projects/acme/tasks.md')).toBe('# Tasks\n\n- [ ] first task\n');
  });

  it('refuses a full rewrite of a note it saw only in part', async () => {
    await vault.write('bucket/huge.md', `# Huge\n\n${'x'.repeat(250_000)}\nTHE END\n`);
    const read = await readTool.run({ path: 'bucket/huge.md' }, session);
    expect(read.ok && read.text).toContain('more characters (not shown)');
    expect(await writeTool.run({ path: 'bucket/huge.md', content: 'short' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('only part') });
    expect(await appendTool.run({ path: 'bucket/huge.md', content: 'more' }, session)).toMatchObject({ ok: true });
    expect(await vault.read('bucket/huge.md')).toContain('THE END\nmore\n');
  });
});

describe('delete and move', () => {
  it('deletes a folder only when every file in it was read or created by the run', async () => {
    expect(await deleteTool.run({ path: 'bucket/old' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('bucket/old/b.md') });
    await readTool.run({ path: 'bucket/old/a.md' }, session);
    await readTool.run({ path: 'bucket/old/b.md' }, session);
    await vault.write('bucket/old/b.md', 'b, edited by hand\n');
    expect(await deleteTool.run({ path: 'bucket/old' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('changed on disk') });
    await readTool.run({ path: 'bucket/old/b.md' }, session);
    expect(await deleteTool.run({ path: 'bucket/old' }, session)).toMatchObject({ ok: true, text: 'Deleted bucket/old/ (2 files).' });
    expect(session.changed).toEqual(new Set(['bucket/old/a.md', 'bucket/old/b.md']));
  });

  it('never deletes a folder holding hidden files, but deletes one the run made', async () => {
    await writeTool.run({ path: 'bucket/mine/x.md', content: 'x' }, session);
    expect(await deleteTool.run({ path: 'bucket/mine' }, session)).toMatchObject({ ok: true });
    await vault.write('bucket/withdot/.obsidian-note', 'private');
    await vault.write('bucket/withdot/a.md', 'a');
    await readTool.run({ path: 'bucket/withdot/a.md' }, session);
    expect(await deleteTool.run({ path: 'bucket/withdot' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('hidden') });
  });

  it('moves files it read (binary too) without ever overwriting, and folders as a whole', async () => {
    expect(await moveTool.run({ from: 'bucket/photo.png', to: 'projects/acme/photo.png' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('have not read') });
    await readTool.run({ path: 'bucket/photo.png' }, session);
    expect(await moveTool.run({ from: 'bucket/photo.png', to: 'projects/acme/state.md' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('already exists') });
    expect(await moveTool.run({ from: 'bucket/photo.png', to: 'projects/acme/img/photo.png' }, session)).toMatchObject({ ok: true });
    expect(await vault.exists('bucket/photo.png')).toBe(false);
    // The run still knows the moved file: it may move it again.
    expect(await moveTool.run({ from: 'projects/acme/img/photo.png', to: 'projects/acme/photo.png' }, session)).toMatchObject({ ok: true });
    expect(await moveTool.run({ from: 'bucket/old', to: 'projects' }, session)).toMatchObject({ ok: false });
    expect(await moveTool.run({ from: 'bucket/old', to: 'bucket/old/inner' }, session)).toMatchObject({ ok: false });
    expect(await moveTool.run({ from: 'bucket/old', to: 'projects/old-stuff' }, session)).toMatchObject({ ok: true });
    expect(await vault.read('projects/old-stuff/a.md')).toBe('a\n');
  });

  it('never moves a folder holding hidden files: undoing the move could not bring them back', async () => {
    await vault.write('bucket/withdot/.obsidian/workspace.json', '{}');
    await vault.write('bucket/withdot/a.md', 'a');
    expect(await moveTool.run({ from: 'bucket/withdot', to: 'projects/withdot' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('hidden files (bucket/withdot/.obsidian)') });
    expect(await vault.read('bucket/withdot/.obsidian/workspace.json')).toBe('{}');
    expect(await vault.exists('projects/withdot')).toBe(false);
  });
});
