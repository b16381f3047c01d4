import { afterEach, describe, expect, it } from 'vitest';
import { TOOL_SETS } from '../../src/agents/index.js';
import { lastToolResults, slow, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { makeVault, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  await vault?.cleanup();
  server = vault = undefined;
});

const ANSWER = `The acme launch is planned for **Q3**.

- \`projects/acme/state.md\` says: "Launch planned for Q3."

Sources:
- \`projects/acme/state.md\``;

describe('search agent', () => {
  it('answers in markdown and lists the vault files it read and cited as sources', async () => {
    vault = await makeVault({ ...project('acme', 'Launch planned for Q3.'), 'bucket/2025-01-01-notes.md': 'Unrelated launch of a rocket.\n' });
    server = await startFakeAnthropicServer([
      turn(toolUse('search', { query: 'launch planned' })),
      turn(toolUse('read', { path: 'projects/acme/state.md' }), toolUse('read', { path: 'bucket/2025-01-01-notes.md' })),
      turn(text(ANSWER)),
    ]);
    const answer = await vault.agents({ baseURL: server.baseURL }).answer({ query: 'When is the acme launch?' });
    expect(answer).toMatchObject({ markdown: ANSWER, sources: ['projects/acme/state.md'], mode: 'fast' });
    expect(answer.offline).toBeUndefined();
    expect(answer.usage?.inputTokens).toBe(300);
    // The search tool's hits reached the model.
    expect(lastToolResults(server.requests[1]!.body)[0]!.content).toContain('projects/acme/state.md');
  });

  it('has no write tool: the request carries tree, read, search and find only, for the search model', async () => {
    vault = await makeVault();
    server = await startFakeAnthropicServer([turn(text('Nothing in the vault about that.'))]);
    await vault.agents({ baseURL: server.baseURL }).answer({ query: 'anything?', mode: 'deep' });
    const body = server.requests[0]!.body;
    expect(body.model).toBe('claude-test-search');
    expect(body.tools!.map((t) => t.name)).toEqual(['tree', 'read', 'search', 'find']);
    expect(TOOL_SETS.search.every((t) => t.annotations.readOnly)).toBe(true);
    expect(body.system![0]!.text).toContain("You are Knower's search agent");
  });

  it('cannot write even when the model calls a write tool by name', async () => {
    vault = await makeVault(project('acme', 'Launch planned for Q3.'));
    server = await startFakeAnthropicServer([
      turn(toolUse('read', { path: 'projects/acme/state.md' }), toolUse('write', { path: 'projects/acme/state.md', content: 'gone' })),
      turn(text('I could not write.')),
    ]);
    await vault.agents({ baseURL: server.baseURL }).answer({ query: 'erase acme' });
    expect(lastToolResults(server.requests[1]!.body)[1]).toMatchObject({ is_error: true, content: expect.stringContaining('Unknown tool "write"') });
    expect(await vault.read('projects/acme/state.md')).toContain('Launch planned for Q3.');
  });

  it('reports a degraded deep search and answers in deep mode', async () => {
    vault = await makeVault(project('acme', 'Launch planned for Q3.'));
    server = await startFakeAnthropicServer([turn(toolUse('search', { query: 'launch' })), turn(text('See `projects/acme/state.md`.'))]);
    const answer = await vault.agents({ baseURL: server.baseURL }).answer({ query: 'launch?', mode: 'deep', scope: 'project:acme' });
    expect(answer).toMatchObject({ mode: 'deep', degraded: 'deep search unavailable in the fake engine', sources: ['projects/acme/state.md'] });
    expect(JSON.stringify(server.requests[0]!.body.messages[0])).toContain('projects/acme/');
  });

  it('answers while an update is still waiting for the model', async () => {
    vault = await makeVault(project('acme', 'Launch planned for Q3.'));
    // The update's request comes first and is answered slowly; the question's is answered at once.
    server = await startFakeAnthropicServer([slow(turn(text('Nothing to file.')), 800), turn(text('An answer.'))]);
    const agents = vault.agents({ baseURL: server.baseURL });
    let updateDone = false;
    const update = agents.runUpdate({ id: 'u-slow', text: 'x', attachments: [], receivedAt: '2025-03-14T09:25:00Z' }).then((o) => {
      updateDone = true;
      return o;
    });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    const answer = await agents.answer({ query: 'q' });
    expect(answer.markdown).toBe('An answer.');
    expect(updateDone).toBe(false);
    expect((await update).status).toBe('done');
  });
});
