import { mkdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

/** An Obsidian daily-note template fills in the same three fields Knower keeps, with its own values. */
const TEMPLATED = '---\ncreated: 2024-03-01\nupdated: 2024-03-02\ntokens: 0\ntags: [daily]\n---\n# Friday\n\nWalked to the lake.\n';
const LONG_AGO = new Date('2024-03-02T08:00:00Z');

async function seen(abs: string): Promise<{ text: string; mtimeMs: number }> {
  return { text: await readFile(abs, 'utf8'), mtimeMs: (await stat(abs)).mtimeMs };
}

describe('whose note it is', () => {
  let t: TestApp | undefined;
  let model: FakeAnthropicServer | undefined;
  afterEach(async () => {
    await t?.close();
    await model?.close();
    t = undefined;
    model = undefined;
  });

  it("comes from Knower's records, never from the fields a note carries: the person's templated notes are untouched at the first start and after a restart", { timeout: 60_000 }, async () => {
    model = await startFakeAnthropicServer();
    const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: model.baseURL };
    const templated = ['Journal/2024-03-01.md', 'projects/mine/plan.md'];
    t = await startTestApp({
      env,
      prepare: async (vault) => {
        for (const rel of templated) {
          await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
          await writeFile(path.join(vault, rel), TEMPLATED);
          await utimes(path.join(vault, rel), LONG_AGO, LONG_AGO);
        }
      },
    });
    await t.knower.whenSettled();
    expect(t.knower.frontmatter.mode).toBe('knower');
    const before = new Map(await Promise.all(templated.map(async (rel) => [rel, await seen(path.join(t!.vault, rel))] as const)));
    for (const rel of templated) expect({ rel, ...(await seen(path.join(t.vault, rel))) }).toEqual({ rel, text: TEMPLATED, mtimeMs: LONG_AGO.getTime() });

    // A note Knower creates outside its own folders is its own: its record says so, not its fields.
    model.push(turn(toolUse('write', { path: 'Journal/knower-summary.md', content: '# Summary\n\nThe week in short.\n' })), turn(text('Wrote the summary.')));
    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'Summarise my week' } })).json();
    expect(await updateEnded(t, id, 20_000)).toMatchObject({ status: 'done' });
    await t.knower.whenSettled();
    const dirs = { vault: t.vault, stateDir: t.stateDir, base: t.base };
    await t.app.close();

    t = await startTestApp({ env, dirs });
    await t.knower.whenSettled();
    for (const rel of templated) expect({ rel, ...(await seen(path.join(t.vault, rel))) }).toEqual({ rel, ...before.get(rel)! });
    // After the restart Knower still keeps its own note's fields: a hand edit moves its tokens.
    const own = path.join(t.vault, 'Journal', 'knower-summary.md');
    await writeFile(own, (await readFile(own, 'utf8')).replace('The week in short.', 'The week in short, with a long walk to the lake on Friday.'));
    const app = t;
    const stamped = await waitFor(
      async () => {
        const now = await readFile(own, 'utf8');
        return /^tokens: (\d+)$/m.exec(now)?.[1] === String(Math.ceil('# Summary\n\nThe week in short, with a long walk to the lake on Friday.\n'.length / 4)) && now;
      },
      20_000,
      "Knower's own note stamped after the restart",
    );
    expect(stamped).toContain('created:');
    await app.knower.whenSettled();
    for (const rel of templated) expect({ rel, ...(await seen(path.join(t.vault, rel))) }).toEqual({ rel, ...before.get(rel)! });
  });
});
