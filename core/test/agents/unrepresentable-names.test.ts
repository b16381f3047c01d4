import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResults, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer, type ScriptStep, type WireRequest } from '../fakes/fake-anthropic-server.js';
import { makeVault, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  await vault?.cleanup();
  server = vault = undefined;
});

const input = (id: string) => ({ id, text: 'tidy the bucket', attachments: [], receivedAt: '2025-03-14T09:25:00Z' });

const meanwhile = (act: (req: WireRequest) => void, step: ScriptStep): ScriptStep => ({
  kind: 'dynamic',
  respond: (req) => {
    act(req);
    return step;
  },
});

type ToolResult = ReturnType<typeof lastToolResults>[number];

/** `bad<0xff>.md`: a name made on another system (Latin-1, say), not valid UTF-8. */
const BAD_NAME = Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x6d, 0x64]);

/** The model reads a.md, then asks to delete the folder, then to move it; returns both tool results. */
async function deleteThenMove(fixture: VaultFixture, id: string): Promise<ToolResult[]> {
  const results: ToolResult[] = [];
  const keep = (req: WireRequest) => results.push(...lastToolResults(req));
  server = await startFakeAnthropicServer([
    turn(toolUse('read', { path: 'bucket/odd/a.md' })),
    turn(toolUse('delete', { path: 'bucket/odd' })),
    meanwhile(keep, turn(toolUse('move', { from: 'bucket/odd', to: 'projects/odd' }))),
    meanwhile(keep, turn(text('Could not tidy bucket/odd.'))),
  ]);
  await fixture.agents({ baseURL: server.baseURL }).runUpdate(input(id));
  return results;
}

const namesIn = (folder: string) =>
  readdirSync(folder, { encoding: 'buffer' })
    .map((name) => name.toString('hex'))
    .sort();

describe('a folder holding what Knower cannot represent is neither deleted nor moved', () => {
  it('refuses a folder holding a name that is not valid UTF-8, with a tool error, and moves nothing', async () => {
    vault = await makeVault({ 'bucket/odd/a.md': 'a\n' });
    const folder = path.join(vault.root, 'bucket/odd');
    const bad = Buffer.concat([Buffer.from(`${folder}/`), BAD_NAME]);
    writeFileSync(bad, 'saved under a Latin-1 name\n');
    const before = namesIn(folder);

    const results = await deleteThenMove(vault, 'u-odd-name');

    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.is_error).toBe(true);
      expect(result.content).toContain('bucket/odd/ holds bucket/odd/bad\uFFFD.md: a name that is not valid UTF-8');
    }
    expect(results[0]!.content).toContain('Nothing was deleted.');
    expect(results[1]!.content).toContain('Nothing was moved.');
    expect(namesIn(folder)).toEqual(before);
    expect(readFileSync(bad, 'utf8')).toBe('saved under a Latin-1 name\n');
    expect(await vault.read('bucket/odd/a.md')).toBe('a\n');
    expect(await vault.exists('projects/odd')).toBe(false);
  });

  it('refuses a folder holding a link: the history keeps plain files only', async () => {
    vault = await makeVault({ 'bucket/odd/a.md': 'a\n', 'projects/target.md': 'the target\n' });
    symlinkSync(path.join(vault.root, 'projects/target.md'), path.join(vault.root, 'bucket/odd/link.md'));

    const results = await deleteThenMove(vault, 'u-odd-link');

    for (const result of results) expect(result).toMatchObject({ is_error: true, content: expect.stringContaining('bucket/odd/link.md, which is not a plain file') });
    expect(readdirSync(path.join(vault.root, 'bucket/odd')).sort()).toEqual(['a.md', 'link.md']);
    expect(await vault.read('bucket/odd/link.md')).toBe('the target\n');
    expect(await vault.exists('projects/odd')).toBe(false);
  });
});
