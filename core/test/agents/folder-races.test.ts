import { existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settleWrites } from '../../src/vault/index.js';
import { lastToolResults, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer, type ScriptStep, type WireRequest } from '../fakes/fake-anthropic-server.js';
import { savingBefore, startHandSaver, type HandSaver } from '../helpers/hand-saves.js';
import { makeVault, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeAnthropicServer | undefined;
let saver: HandSaver | undefined;
afterEach(async () => {
  await saver?.close();
  await settleWrites();
  await server?.close();
  await vault?.cleanup();
  saver = server = vault = undefined;
});

const input = (id: string) => ({ id, text: 'tidy the bucket', attachments: [], receivedAt: '2025-03-14T09:25:00Z' });

/** A scripted turn that first does something with the request (keeps a tool result, starts a save), then answers. */
const meanwhile = (act: (req: WireRequest) => void, step: ScriptStep): ScriptStep => ({
  kind: 'dynamic',
  respond: (req) => {
    act(req);
    return step;
  },
});

type ToolResult = ReturnType<typeof lastToolResults>[number];

/** The ops a folder delete or move removes or moves files with, before and after it went file by file. */
const REMOVALS = ['removeTree', 'removeFile', 'removeIfUnchanged'];
const MOVES = ['renameTree', 'linkFile'];

describe('a folder delete acts only on what it checked', () => {
  it('keeps a note saved into the folder between the check and the removal, and tells the agent', async () => {
    vault = await makeVault({ 'bucket/old/a.md': 'a\n', 'bucket/old/sub/b.md': 'b\n' });
    const hand = path.join(vault.root, 'bucket/old/typed-by-hand.md');
    const writer = savingBefore(REMOVALS, () => writeFileSync(hand, 'my own note\n'));
    let result: ToolResult | undefined;
    server = await startFakeAnthropicServer([
      turn(toolUse('read', { path: 'bucket/old/a.md' }), toolUse('read', { path: 'bucket/old/sub/b.md' })),
      turn(toolUse('delete', { path: 'bucket/old' })),
      meanwhile((req) => (result = lastToolResults(req)[0]), turn(text('Removed the old folder.'))),
    ]);
    const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate(input('u-del-race-1'), { writer });

    expect(await vault.read('bucket/old/typed-by-hand.md')).toBe('my own note\n');
    expect(await vault.exists('bucket/old/a.md')).toBe(false);
    expect(await vault.exists('bucket/old/sub')).toBe(false);
    expect(result?.is_error).toBeFalsy();
    expect(result?.content).toContain('bucket/old/ stays: bucket/old/typed-by-hand.md appeared in it while the delete ran');
    expect(outcome.kept).toEqual(['bucket/old/typed-by-hand.md']);
    expect(outcome.files).toEqual(expect.arrayContaining(['bucket/old/a.md', 'bucket/old/sub/b.md']));
    expect(outcome.files).not.toContain('bucket/old/typed-by-hand.md');
  });

  it('no longer lists what was left once the agent has read and deleted it', async () => {
    vault = await makeVault({ 'bucket/old/a.md': 'a\n' });
    const writer = savingBefore(REMOVALS, () => writeFileSync(path.join(vault!.root, 'bucket/old/typed-by-hand.md'), 'my own note\n'));
    server = await startFakeAnthropicServer([
      turn(toolUse('read', { path: 'bucket/old/a.md' })),
      turn(toolUse('delete', { path: 'bucket/old' })),
      turn(toolUse('read', { path: 'bucket/old/typed-by-hand.md' })),
      turn(toolUse('delete', { path: 'bucket/old' })),
      turn(text('Removed the old folder, and the note saved into it, which was a duplicate.')),
    ]);
    const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate(input('u-del-race-3'), { writer });

    expect(server.remaining()).toBe(0);
    expect(await vault.exists('bucket/old')).toBe(false);
    expect(outcome.kept).toBeUndefined();
    expect(outcome.files).toEqual(expect.arrayContaining(['bucket/old/a.md', 'bucket/old/typed-by-hand.md']));
  });

  it('keeps a file saved over one it checked (a new version renamed into place) just before the removal', async () => {
    vault = await makeVault({ 'bucket/old/a.md': 'a\n', 'bucket/old/b.md': 'b\n' });
    const a = path.join(vault.root, 'bucket/old/a.md');
    const writer = savingBefore(REMOVALS, () => {
      writeFileSync(`${a}.editor-tmp`, 'a, rewritten by hand\n');
      renameSync(`${a}.editor-tmp`, a);
    });
    let result: ToolResult | undefined;
    server = await startFakeAnthropicServer([
      turn(toolUse('read', { path: 'bucket/old/a.md' }), toolUse('read', { path: 'bucket/old/b.md' })),
      turn(toolUse('delete', { path: 'bucket/old' })),
      meanwhile((req) => (result = lastToolResults(req)[0]), turn(text('Removed the old folder.'))),
    ]);
    const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate(input('u-del-race-2'), { writer });

    expect(await vault.read('bucket/old/a.md')).toBe('a, rewritten by hand\n');
    expect(await vault.exists('bucket/old/b.md')).toBe(false);
    expect(result?.content).toContain('bucket/old/a.md changed on disk after you read it');
    expect(outcome.kept).toEqual(['bucket/old/a.md']);
    expect(outcome.files).not.toContain('bucket/old/a.md');
  });

  it('loses no note another process saves into folders while they are deleted, over many races', async () => {
    const ROUNDS = 24;
    const FILES = 30;
    vault = await makeVault();
    server = await startFakeAnthropicServer();
    saver = startHandSaver();
    const agents = vault.agents({ baseURL: server.baseURL });
    const lost: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const folder = `bucket/batch-${round}`;
      for (let i = 0; i < FILES; i++) await vault.write(`${folder}/note-${i}.md`, `note ${i}\n`);
      let result: ToolResult | undefined;
      server.push(
        turn(...Array.from({ length: FILES }, (_, i) => toolUse('read', { path: `${folder}/note-${i}.md` }))),
        turn(toolUse('delete', { path: folder })),
        meanwhile((req) => (result = lastToolResults(req)[0]), turn(text('Done.'))),
      );
      // The saves begin once the delete has begun, a little later each round: while the folder
      // is being emptied (the race), or after it is gone (the save fails, as an editor's would).
      await saver.watch({ folder: path.join(vault.root, folder), delayMs: (round % 6) * 0.4, count: 12, tag: `hand-${round}` });
      const outcome = await agents.runUpdate(input(`u-del-stress-${round}`));
      const hand = await saver.done();

      lost.push(...hand.filter((file) => !existsSync(file)));
      const handRels = new Set(hand.map((file) => path.relative(vault!.root, file)));
      expect(result?.is_error).toBeFalsy();
      expect(outcome.files.filter((rel) => handRels.has(rel))).toEqual([]);
      if (existsSync(path.join(vault.root, folder))) {
        // The folder is still there: what kept it is said, to the agent and in the outcome.
        expect(result?.content).toContain(`${folder}/ stays:`);
        expect(outcome.kept?.length).toBeGreaterThan(0);
        for (const rel of outcome.kept ?? []) expect(handRels.has(rel), `${rel} is one of the saves`).toBe(true);
      } else expect(result?.content).toBe(`Deleted ${folder}/ (${FILES} files).`);
    }
    expect(lost).toEqual([]);
  }, 120_000);
});

describe('a folder move moves only what it listed', () => {
  it('leaves a note saved into the folder meanwhile where it was saved, and tells the agent', async () => {
    vault = await makeVault({ 'bucket/old/a.md': 'a\n', 'bucket/old/sub/b.md': 'b\n' });
    const hand = path.join(vault.root, 'bucket/old/typed-by-hand.md');
    const writer = savingBefore(MOVES, () => writeFileSync(hand, 'my own note\n'));
    let result: ToolResult | undefined;
    server = await startFakeAnthropicServer([
      turn(toolUse('move', { from: 'bucket/old', to: 'projects/old' })),
      meanwhile((req) => (result = lastToolResults(req)[0]), turn(text('Moved the old folder.'))),
    ]);
    const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate(input('u-move-race-1'), { writer });

    expect(await vault.read('projects/old/a.md')).toBe('a\n');
    expect(await vault.read('projects/old/sub/b.md')).toBe('b\n');
    expect(await vault.read('bucket/old/typed-by-hand.md')).toBe('my own note\n');
    expect(await vault.exists('projects/old/typed-by-hand.md')).toBe(false);
    expect(await vault.exists('bucket/old/a.md')).toBe(false);
    expect(result?.content).toContain('bucket/old/ stays: bucket/old/typed-by-hand.md appeared in it while the move ran');
    expect(outcome.kept).toEqual(['bucket/old/typed-by-hand.md']);
    expect(outcome.files).toEqual(['bucket/old/a.md', 'bucket/old/sub/b.md', 'changelog.md', 'projects/old/a.md', 'projects/old/sub/b.md']);
  });
});
