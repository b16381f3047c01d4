import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

describe('a FIFO and a socket in the vault', () => {
  let t: TestApp | undefined;
  let model: FakeAnthropicServer | undefined;
  let socket: net.Server | undefined;
  afterEach(async () => {
    await t?.close();
    await model?.close();
    socket?.close();
  });

  it('never block a read: routes, agent reads and updates all answer, and /health stays truthful', async () => {
    model = await startFakeAnthropicServer();
    // Four reads of the FIFO used to take all four of libuv's threads: every file operation hung.
    model.push(
      turn(toolUse('read', { path: 'bucket/pipe.md' }), toolUse('read', { path: 'bucket/pipe.md' }), toolUse('read', { path: 'bucket/socket.md' }), toolUse('read', { path: 'bucket/pipe.md' })),
      turn(toolUse('write', { path: 'bucket/after.md', content: '# After\n\nStill working.\n' })),
      turn(text('Filed.')),
    );
    t = await startTestApp({
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: model.baseURL },
      prepare: async (vault) => {
        const { mkdir } = await import('node:fs/promises');
        await mkdir(path.join(vault, 'bucket'), { recursive: true });
        expect(spawnSync('mkfifo', [path.join(vault, 'bucket', 'pipe.md')]).status).toBe(0);
        socket = net.createServer();
        await new Promise<void>((resolve) => socket!.listen(path.join(vault, 'bucket', 'socket.md'), resolve));
        await writeFile(path.join(vault, 'bucket', 'plain.md'), '# Plain\n');
      },
    });
    await t.knower.whenSettled();
    const reads = await Promise.all([1, 2, 3, 4, 5].map(() => t!.app.inject('/vault/file?path=bucket/pipe.md')));
    expect(reads.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await t.app.inject('/vault/raw?path=bucket/socket.md')).statusCode).toBe(404);
    expect((await t.app.inject('/vault/file?path=bucket/plain.md')).statusCode).toBe(200);

    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'Read the pipe' } })).json();
    const record = await updateEnded(t!, id);
    expect(record).toMatchObject({ status: 'done', files: expect.arrayContaining(['bucket/after.md']) });
    const results = JSON.stringify(model.requests[1]?.body.messages.at(-1));
    expect(results).toContain('not a regular file');
    expect(t.knower.index.get('bucket/pipe.md')).toBeUndefined();
    expect((await t.app.inject('/health')).json().status).toBe('ok');
  });
});

describe('an agent tool call that hangs', () => {
  let t: TestApp | undefined;
  let model: FakeAnthropicServer | undefined;
  afterEach(async () => {
    await t?.close();
    await model?.close();
  });

  it('is stopped at its time limit as a tool error, and the run goes on', async () => {
    model = await startFakeAnthropicServer();
    model.push(turn(toolUse('search', { query: 'anything' })), turn(toolUse('write', { path: 'bucket/note.md', content: '# Note\n' })), turn(text('Filed.')));
    t = await startTestApp({
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: model.baseURL },
      // A search index that never answers.
      wrapSearch: (engine) => ({ ...engine, search: () => new Promise(() => undefined) }),
      deps: { toolTimeLimitMs: 200 },
    });
    await t.knower.whenSettled();
    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'Search first' } })).json();
    const record = await updateEnded(t!, id);
    expect(record).toMatchObject({ status: 'done', files: expect.arrayContaining(['bucket/note.md']) });
    expect(JSON.stringify(model.requests[1]?.body.messages.at(-1))).toContain('search did not finish within 200 ms and was stopped');
  });
});

describe('a YAML alias bomb in frontmatter', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('is served as malformed at once, never expanded; a self-referencing alias is no 500; both stay listed and searchable', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    let previous = 'a';
    for (const name of 'bcdefghi') {
      lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
      previous = name;
    }
    t = await startTestApp({
      prepare: async (vault) => {
        await writeFile(path.join(vault, 'bomb.md'), `---\n${lines.join('\n')}\n---\n# Bomb\n\nzebrafish\n`);
        await writeFile(path.join(vault, 'loop.md'), '---\nme: &me [1, *me]\n---\n# Loop\n\nokapi\n');
      },
    });
    await t.knower.whenSettled();
    const bomb = await t.app.inject('/vault/file?path=bomb.md');
    expect(bomb.statusCode).toBe(200);
    expect(bomb.json()).toMatchObject({ frontmatter: {}, malformed: expect.stringContaining('YAML aliases'), body: '# Bomb\n\nzebrafish\n' });
    expect(bomb.body.length).toBeLessThan(2000);
    const loop = await t.app.inject('/vault/file?path=loop.md');
    expect(loop.statusCode).toBe(200);
    expect(loop.json().malformed).toContain('inside itself');
    const listed = (await t.app.inject('/vault/tree')).json().files.map((f: { path: string }) => f.path);
    expect(listed).toEqual(expect.arrayContaining(['bomb.md', 'loop.md']));
    expect((await t.app.inject('/vault/search?q=zebrafish')).json().results.map((r: { path: string }) => r.path)).toEqual(['bomb.md']);
    expect((await t.app.inject('/vault/search?q=okapi')).json().results.map((r: { path: string }) => r.path)).toEqual(['loop.md']);
  });
});
