import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveToolPath } from '../../src/agents/tool-paths.js';
import { nodeFileOps, type FileOps } from '../../src/vault/index.js';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

/** exFAT, FAT, some SMB and FUSE mounts: link(2) fails with EPERM. */
const withoutHardLinks: FileOps = {
  ...nodeFileOps,
  link: () => {
    throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
  },
};

/** macOS's and Windows' default: a name in another case is the same file. */
const foldingCase: FileOps = {
  ...nodeFileOps,
  exists: (abs) => nodeFileOps.exists(path.join(path.dirname(abs), path.basename(abs).toLowerCase())),
};

describe('vaults on other filesystems', () => {
  let t: TestApp | undefined;
  let model: FakeAnthropicServer | undefined;
  afterEach(async () => {
    await t?.close();
    await model?.close();
  });

  it('without hard links: starts, creates, edits and moves files, never over an existing one', async () => {
    model = await startFakeAnthropicServer();
    model.push(
      turn(toolUse('read', { path: 'bucket/keep.md' }), toolUse('write', { path: 'bucket/new.md', content: '# New\n' })),
      turn(toolUse('edit', { path: 'bucket/keep.md', old_content: 'v1', new_content: 'v2' }), toolUse('move', { from: 'bucket/keep.md', to: 'projects/keep.md' })),
      turn(toolUse('write', { path: 'bucket/other.md', content: 'clobbered' })),
      turn(text('Filed.')),
    );
    t = await startTestApp({
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: model.baseURL },
      prepare: async (vault) => {
        const { mkdir } = await import('node:fs/promises');
        await mkdir(path.join(vault, 'bucket'), { recursive: true });
        await writeFile(path.join(vault, 'bucket', 'keep.md'), '# Keep\n\nv1\n');
        await writeFile(path.join(vault, 'bucket', 'other.md'), '# Other, never read\n');
      },
      deps: { fileOps: withoutHardLinks },
    });
    await t.knower.whenSettled();
    expect((await t.app.inject('/health')).json().vault.filesystem).toEqual({ hardLinks: false, caseInsensitive: false });
    expect(await readFile(path.join(t.vault, 'overview.md'), 'utf8')).toContain('# Overview');
    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'File these' } })).json();
    const record = await updateEnded(t!, id);
    expect(record.status).toBe('done');
    expect(await readFile(path.join(t.vault, 'bucket', 'new.md'), 'utf8')).toContain('# New');
    expect(await readFile(path.join(t.vault, 'projects', 'keep.md'), 'utf8')).toContain('v2');
    // The write over a file it had not read was refused, as with hard links.
    expect(JSON.stringify(model.requests[3]?.body.messages.at(-1))).toContain('is_error');
    expect(await readFile(path.join(t.vault, 'bucket', 'other.md'), 'utf8')).toBe('# Other, never read\n');
  });

  it('folding case: protected names are compared as the filesystem compares them', async () => {
    t = await startTestApp({ deps: { fileOps: foldingCase } });
    await t.knower.whenSettled();
    expect((await t.app.inject('/health')).json().vault.filesystem).toEqual({ hardLinks: true, caseInsensitive: true });
    const { root, index, search, rootNames } = t.knower;
    const session = { agent: 'update' as const, root, names: rootNames, index, search, updateId: '20250101-000000-abcdef' } as Parameters<typeof resolveToolPath>[0];
    expect(await resolveToolPath(session, 'OVERVIEW.md', 'delete')).toMatchObject({ ok: false, error: expect.stringContaining("vault's structure") });
    expect(await resolveToolPath(session, 'Inbox', 'move-from')).toMatchObject({ ok: false });
    expect(await resolveToolPath(session, 'Inbox/other/review.md', 'create')).toMatchObject({ ok: false, error: expect.stringContaining('inbox/ is for items') });
    expect(await resolveToolPath(session, 'INBOX/20250101-000000-abcdef/review.md', 'create')).toMatchObject({ ok: true });
    expect(await resolveToolPath(session, 'Tree.md', 'read')).toMatchObject({ ok: false, error: expect.stringContaining('tree.md is generated') });
    expect(await resolveToolPath(session, 'Projects/acme/state.md', 'create')).toMatchObject({ ok: true });
  });
});
