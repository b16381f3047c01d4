import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolCall } from '../../src/agents/agent-loop.js';
import { TOOL_SETS } from '../../src/agents/tool-sets.js';
import { vaultRelativeText } from '../../src/vault/index.js';
import { makeVault, type VaultFixture } from '../agents/helpers/vault-fixture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('vaultRelativeText', () => {
  const root = '/home/dana/notes vault';
  it('makes vault paths relative and hides every other absolute path', () => {
    expect(vaultRelativeText("EEXIST: file already exists, mkdir '/srv/vault/overview.md'", ['/srv/vault'])).toBe("EEXIST: file already exists, mkdir 'overview.md'");
    expect(vaultRelativeText('ENOENT: open /srv/vault', ['/srv/vault'])).toBe('ENOENT: open (the vault root)');
    expect(vaultRelativeText("cannot open '/home/dana/.knower/qmd/index.sqlite' nor C:\\Users\\dana\\x", ['/srv/vault'])).toBe(
      "cannot open '(a path outside the vault)' nor (a path outside the vault)",
    );
    // The longest root wins; a root that is a prefix of another folder's name is not that folder.
    expect(vaultRelativeText('at /srv/vault-old/x.md', ['/srv/vault'])).toBe('at (a path outside the vault)');
    expect(vaultRelativeText(`open '${root}/projects/a.md'`, ['/home/dana', root])).toBe("open 'projects/a.md'");
  });

  it('leaves URLs, relative paths and plain text alone', () => {
    const text = 'model error at http://127.0.0.1:9/v1/messages for projects/acme/state.md on 2025/03/14';
    expect(vaultRelativeText(text, ['/srv/vault'])).toBe(text);
  });
});

describe('errors name vault-relative paths only', () => {
  let vault: VaultFixture;
  beforeAll(async () => {
    vault = await makeVault({ 'projects/a/x.md': '# x\n' });
  });
  afterAll(() => vault.cleanup());

  it('an agent tool that fails on the file system tells the model the vault path, not the host path', async () => {
    const session = vault.session('update', { updateId: 'u1' });
    const result = await runToolCall({ type: 'tool_use', id: 't1', name: 'write', input: { path: 'overview.md/child.md', content: 'x' } }, TOOL_SETS.update, session);
    expect(result.isError).toBe(true);
    expect(result.content).toContain("'overview.md'");
    expect(result.content).not.toContain(vault.root);
    expect(result.content).not.toMatch(/(^|[\s'"])\/(tmp|home|root|var)\//);
  });

  it('an MCP tool that throws gives the client vault paths only', async () => {
    const t: TestApp = await startTestApp({
      wrapSearch: (engine) => ({
        ...engine,
        search: () => Promise.reject(new Error(`ENOENT: no such file or directory, open '${t.vault}/projects/x.md' (index at ${t.stateDir}/qmd/index.sqlite)`)),
      }),
    });
    try {
      await t.knower.whenSettled();
      const response = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'launch' } } },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('isError');
      expect(response.body).toContain("open 'projects/x.md'");
      expect(response.body).toContain('(a path outside the vault)');
      expect(response.body).not.toContain(t.base);
    } finally {
      await t.close();
    }
  });
});
