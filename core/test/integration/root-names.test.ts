import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The person's own files under Knower's root names, as they had them before Knower's first start. */
const MINE: Record<string, string> = {
  'tree.md': '# My family tree\n\nGrandma Rose → Mum → me.\n',
  'changelog.md': '# What I changed in my flat\n\n- 2023: new kitchen\n',
  'overview.md': 'My own overview, no frontmatter.\n',
  inbox: 'a file called inbox, not a folder\n',
};

describe("Knower's root names in a vault that already uses them", () => {
  let t: TestApp | undefined;
  let model: FakeAnthropicServer | undefined;
  afterEach(async () => {
    await t?.close();
    await model?.close();
  });

  const prepare = async (vault: string) => {
    for (const [name, text] of Object.entries(MINE)) await writeFile(path.join(vault, name), text);
  };
  const expectMineUntouched = async (vault: string) => {
    for (const [name, text] of Object.entries(MINE)) expect(await readFile(path.join(vault, name), 'utf8')).toBe(text);
  };

  it("leaves the person's files byte for byte, keeps its own versions in the state dir and says so", async () => {
    t = await startTestApp({ prepare });
    await t.knower.whenSettled();
    await expectMineUntouched(t.vault);
    const ownTree = await readFile(path.join(t.stateDir, 'own', 'tree.md'), 'utf8');
    expect(ownTree).toContain('# Vault tree');
    expect(await readFile(path.join(t.stateDir, 'own', 'overview.md'), 'utf8')).toContain('This is your Knower vault');
    const health = (await t.app.inject('/health')).json();
    expect(health.notices).toHaveLength(4);
    expect(health.notices.join('\n')).toMatch(/tree\.md at the vault root is your own file/);
    expect(health.notices.join('\n')).toMatch(/inbox at the vault root is a file of yours/);

    // An update filed offline logs to Knower's own changelog, not the person's.
    const res = await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'Bought a lamp' } });
    const { id } = res.json();
    await waitFor(() => t!.knower.queue.get(id)?.status === 'done', 10_000, 'the update');
    expect(await readFile(path.join(t.stateDir, 'own', 'changelog.md'), 'utf8')).toContain(`update ${id}`);
    expect(t.knower.queue.get(id)?.files).not.toContain('changelog.md');

    // A hand edit of the person's changelog is theirs: never stamped.
    const edited = `${MINE['changelog.md']}- 2024: new windows\n`;
    await writeFile(path.join(t.vault, 'changelog.md'), edited);
    await waitFor(() => t!.knower.index.get('changelog.md')?.size === Buffer.byteLength(edited), 5000, 'the edit seen');
    await t.knower.whenSettled();
    expect(await readFile(path.join(t.vault, 'changelog.md'), 'utf8')).toBe(edited);
    MINE['changelog.md'] = edited;

    // A restart remembers whose names they are.
    const dirs = { vault: t.vault, stateDir: t.stateDir, base: t.base };
    await t.app.close();
    t = await startTestApp({ dirs });
    await t.knower.whenSettled();
    await expectMineUntouched(t.vault);
    expect((await t.app.inject('/health')).json().notices).toHaveLength(4);
  });

  it("gives the agent Knower's own overview and refuses its changes to the person's files", async () => {
    model = await startFakeAnthropicServer();
    model.push(turn(toolUse('append', { path: 'changelog.md', content: '## an entry', position: 'top' })), turn(text('Done.')));
    t = await startTestApp({ env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: model.baseURL }, prepare });
    await t.knower.whenSettled();
    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'Log this' } })).json();
    await waitFor(() => ['done', 'inbox', 'failed'].includes(t!.knower.queue.get(id)?.status ?? ''), 10_000, 'the update');
    const first = JSON.stringify(model.requests[0]?.body.messages ?? []) + JSON.stringify(model.requests[0]?.body.system ?? []);
    expect(first).toContain('This is your Knower vault');
    const toolResult = JSON.stringify(model.requests[1]?.body.messages.at(-1));
    expect(toolResult).toContain("the person's own file");
    await expectMineUntouched(t.vault);
  });
});
