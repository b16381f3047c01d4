import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastToolResults, startFakeAnthropicServer, text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { runToolCall } from '../../src/agents/agent-loop.js';
import { TOOL_SETS } from '../../src/agents/tool-sets.js';
import { appendTool, deleteTool, editTool, moveTool, readTool, treeTool, writeTool, type AgentTool } from '../../src/agents/tools/index.js';
import { makeVault, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture;
let outside: string;

beforeEach(async () => {
  vault = await makeVault({ ...project('acme', 'Launch planned for Q3.'), '.git/config': '[core]\n', 'projects/acme/.secret.md': 'hidden\n', 'inbox/other-item/review.md': '# Someone else\n' });
  outside = path.join(vault.root, '..', 'outside');
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'secret.md'), 'outside the vault\n');
  await symlink(outside, path.join(vault.root, 'link-out'));
  await symlink(path.join(outside, 'secret.md'), path.join(vault.root, 'projects', 'acme', 'alias.md'));
});
afterEach(() => vault.cleanup());

/** Paths every tool must refuse, with what each one tries. */
const HOSTILE = [
  '../outside/secret.md', // parent escape
  'projects/../../outside/secret.md', // escape through a legit prefix
  '/etc/passwd', // absolute
  'C:\\Windows\\win.ini', // absolute (Windows)
  '~/notes.md', // home
  'projects/acme/state.md\0.png', // NUL byte
  '.git/config', // dot-folder
  'projects/acme/.secret.md', // dotfile
  'link-out/secret.md', // symlink to a folder outside
  'projects/acme/alias.md', // symlink to a file outside
  'tree.md', // generated
];

const inputsFor: Record<string, (p: string) => unknown> = {
  tree: (p) => ({ path: p, depth: 1 }),
  read: (p) => ({ path: p }),
  write: (p) => ({ path: p, content: 'pwned' }),
  edit: (p) => ({ path: p, old_content: 'a', new_content: 'pwned' }),
  append: (p) => ({ path: p, content: 'pwned' }),
  delete: (p) => ({ path: p }),
  'move-from': (p) => ({ from: p, to: 'bucket/stolen.md' }),
  'move-to': (p) => ({ from: 'projects/acme/state.md', to: p }),
};

const TOOLS: Record<string, AgentTool> = {
  tree: treeTool,
  read: readTool,
  write: writeTool,
  edit: editTool,
  append: appendTool,
  delete: deleteTool,
  'move-from': moveTool,
  'move-to': moveTool,
};

async function snapshot(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(dir, { withFileTypes: true, recursive: true })) out.push(path.join(d.parentPath, d.name));
  return out.sort();
}

describe('hostile paths', () => {
  it.each(Object.keys(TOOLS))('%s refuses every hostile path and leaves everything as it was', async (key) => {
    const session = vault.session('update', { updateId: 'u-hostile', inboxRef: 'nothing-here' });
    await readTool.run({ path: 'projects/acme/state.md' }, session); // a legit source for move-to
    const before = await snapshot(path.join(vault.root, '..'));
    for (const hostile of HOSTILE) {
      if (key === 'tree' && hostile === 'tree.md') continue; // tree lists folders; tree.md is not one
      const result = await TOOLS[key]!.run(inputsFor[key]!(hostile) as never, session);
      expect(result, `${key} ${JSON.stringify(hostile)}`).toMatchObject({ ok: false });
    }
    expect(await snapshot(path.join(vault.root, '..'))).toEqual(before);
    expect(await readFile(path.join(outside, 'secret.md'), 'utf8')).toBe('outside the vault\n');
  });

  it('refuses tree.md to read and write, and keeps the vault structure', async () => {
    const session = vault.session('update', { updateId: 'u-hostile' });
    expect(await readTool.run({ path: 'tree.md' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('tree tool') });
    for (const rel of ['changelog.md', 'profile.md', 'overview.md', 'tasks.md', 'projects', 'bucket', 'inbox']) {
      await readTool.run({ path: rel }, session);
      expect(await deleteTool.run({ path: rel }, session), rel).toMatchObject({ ok: false, error: expect.stringContaining("vault's structure") });
      expect(await moveTool.run({ from: rel, to: `bucket/${rel}-moved` }, session)).toMatchObject({ ok: false });
    }
  });

  it('lets the update agent write in inbox/ only its own item, and empty only the item it resolves', async () => {
    const session = vault.session('update', { updateId: 'u-own', inboxRef: 'ref-item' });
    await vault.write('inbox/ref-item/review.md', '# Item\n');
    expect(await writeTool.run({ path: 'inbox/other-item/review.md', content: 'x' }, session)).toMatchObject({ ok: false });
    expect(await writeTool.run({ path: 'inbox/u-own/notes.md', content: 'x' }, session)).toMatchObject({ ok: false });
    expect(await writeTool.run({ path: 'inbox/ref-item/review.md', content: 'x' }, session)).toMatchObject({ ok: false });
    expect(await readTool.run({ path: 'inbox/other-item/review.md' }, session)).toMatchObject({ ok: true });
    expect(await deleteTool.run({ path: 'inbox/other-item' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('inbox/') });
    expect(await moveTool.run({ from: 'projects/acme/state.md', to: 'inbox/u-own/state.md' }, session)).toMatchObject({ ok: false });
    expect(await writeTool.run({ path: 'inbox/u-own/review.md', content: '# Question\n' }, session)).toMatchObject({ ok: true });
    await readTool.run({ path: 'inbox/ref-item/review.md' }, session);
    expect(await deleteTool.run({ path: 'inbox/ref-item' }, session)).toMatchObject({ ok: true });
  });

  it('refuses hostile search scopes through input validation', async () => {
    const session = vault.session('search');
    for (const scope of ['project:../..', 'project:.git', 'project:a/b', '../x']) {
      const result = await runToolCall({ type: 'tool_use', id: 't', name: 'search', input: { query: 'x', scope } }, TOOL_SETS.search, session);
      expect(result.isError, scope).toBe(true);
    }
  });

  it('refuses every change from a search session even if a write tool were handed to it', async () => {
    const session = vault.session('search');
    await readTool.run({ path: 'projects/acme/state.md' }, session);
    expect(await writeTool.run({ path: 'bucket/new.md', content: 'x' }, session)).toMatchObject({ ok: false, error: expect.stringContaining('read-only') });
    expect(await editTool.run({ path: 'projects/acme/state.md', old_content: 'Q3', new_content: 'Q4' }, session)).toMatchObject({ ok: false });
    expect(await deleteTool.run({ path: 'projects/acme/state.md' }, session)).toMatchObject({ ok: false });
  });

  it('reach the model as tool errors through the real SDK, and the run ends normally', async () => {
    const calls = HOSTILE.flatMap((p) =>
      Object.keys(TOOLS)
        .filter((key) => !(key === 'tree' && p === 'tree.md'))
        .map((key) => toolUse(key.startsWith('move') ? 'move' : key, inputsFor[key]!(p))),
    );
    const server = await startFakeAnthropicServer([turn(toolUse('read', { path: 'projects/acme/state.md' })), turn(...calls), turn(text('Gave up.'))]);
    try {
      const before = await snapshot(path.join(vault.root, '..'));
      const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate({ id: 'u-hostile-sdk', text: 'x', attachments: [], receivedAt: '2025-03-14T09:25:00Z' });
      const results = lastToolResults(server.requests[2]!.body);
      expect(results).toHaveLength(calls.length);
      expect(results.every((r) => r.is_error)).toBe(true);
      // Every call refused, nothing changed: the runner files the text as received, nothing else moves.
      expect(outcome).toMatchObject({ status: 'done', fallback: 'bucket' });
      const filed = (p: string) => p.startsWith(path.join(vault.root, 'bucket')) || p === path.join(vault.root, 'changelog.md');
      expect((await snapshot(path.join(vault.root, '..'))).filter((p) => !filed(p))).toEqual(before.filter((p) => !filed(p)));
    } finally {
      await server.close();
    }
  });
});
