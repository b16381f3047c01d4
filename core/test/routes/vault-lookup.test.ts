import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const NOTES: Record<string, string> = {
  'projects/garden/state.md': '# State\n\nSee [[tasks]], [[Garden Plan#Beds|the plan]], ![[bed 4.png|300]] and [[Nowhere]].\n',
  'projects/garden/tasks.md': '# Tasks\n',
  'projects/garden/Garden Plan.md': '# Plan\n',
  'bucket/tasks.md': '# Other tasks\n',
  'bucket/gardening tips.md': '# Tips\n',
  // Backlinks: who links to projects/garden/tasks.md, and who only seems to.
  'projects/garden/meetings/kickoff.md': '# Kick-off\n\nAgreed on the [[tasks|task list]] for spring.\n',
  'projects/orchard/notes.md': '# Orchard notes\n\nThe [garden tasks](../garden/tasks.md) come first.\n',
  'bucket/loose.md': '# Loose\n\nMy [[tasks]] here are the bucket ones; tasks everywhere.\n',
  'projects/orchard/mention.md': '# Mention\n\nTasks are mentioned here without a link.\n',
};

describe('vault lookups over the index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      prepare: async (vault) => {
        for (const [rel, content] of Object.entries(NOTES)) {
          await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
          await writeFile(path.join(vault, rel), content);
        }
        await writeFile(path.join(vault, 'projects/garden/bed 4.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      },
    });
    await t.knower.whenSettled();
  });
  afterAll(() => t?.close());

  it('GET /vault/file returns where each wikilink and embed of the note leads', async () => {
    const note = (await t.app.inject('/vault/file?path=projects/garden/state.md')).json();
    expect(note.links).toEqual({
      tasks: 'projects/garden/tasks.md',
      'Garden Plan': 'projects/garden/Garden Plan.md',
      'bed 4.png': 'projects/garden/bed 4.png',
      Nowhere: null,
    });
    expect(typeof note.updated).toBe('string');
  });

  it('GET /vault/resolve resolves links for markdown that is not a note', async () => {
    const one = (await t.app.inject('/vault/resolve?from=bucket/x.md&link=tasks')).json();
    expect(one.links).toEqual({ tasks: 'bucket/tasks.md' });
    const many = (await t.app.inject('/vault/resolve?link=garden%20plan&link=Nowhere')).json();
    expect(many.links).toEqual({ 'garden plan': 'projects/garden/Garden Plan.md', Nowhere: null });
    expect((await t.app.inject('/vault/resolve')).statusCode).toBe(400);
  });

  it('GET /vault/find ranks name matches above path matches, with a total', async () => {
    const found = (await t.app.inject('/vault/find?q=garden')).json();
    const paths = found.results.map((r: { path: string }) => r.path);
    expect(paths[0]).toBe('bucket/gardening tips.md');
    expect(paths).toContain('projects/garden/tasks.md');
    expect(found.total).toBe(paths.length);
    const words = (await t.app.inject('/vault/find?q=garden%20tasks&limit=1')).json();
    expect(words).toEqual({ results: [expect.objectContaining({ path: 'projects/garden/tasks.md' })], total: 1 });
    expect((await t.app.inject('/vault/find?q=')).statusCode).toBe(400);
  });

  it('GET /vault/backlinks lists the notes whose links lead to a note, with the line of the link', async () => {
    const res = await t.app.inject('/vault/backlinks?path=projects/garden/tasks.md');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      backlinks: [
        { path: 'projects/garden/meetings/kickoff.md', line: 'Agreed on the [[tasks|task list]] for spring.' },
        { path: 'projects/garden/state.md', line: 'See [[tasks]], [[Garden Plan#Beds|the plan]], ![[bed 4.png|300]] and [[Nowhere]].' },
        { path: 'projects/orchard/notes.md', line: 'The [garden tasks](../garden/tasks.md) come first.' },
      ],
      complete: true,
    });
    // bucket/loose.md links [[tasks]] too, but from there the name means bucket/tasks.md.
    expect((await t.app.inject('/vault/backlinks?path=bucket/tasks.md')).json().backlinks.map((b: { path: string }) => b.path)).toEqual(['bucket/loose.md']);
    expect((await t.app.inject('/vault/backlinks?path=bucket/gardening%20tips.md')).json()).toEqual({ backlinks: [], complete: true });
    expect((await t.app.inject('/vault/backlinks?path=../etc/passwd')).statusCode).toBeGreaterThanOrEqual(400);
  });
});
