// GET /stats against a real app: real update agent on the fake Messages API, real history.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsSchema, type Stats } from '../../src/api/index.js';
import { appendSteps, startHistoryApp, waitForHandCommit, type HistoryApp } from '../history/history-fixture.js';
import { waitFor } from '../helpers/temp-dir.js';

let h: HistoryApp;
let updateId: string;

beforeAll(async () => {
  h = await startHistoryApp({
    prepare: async (vault) => {
      const write = async (rel: string, text: string | Buffer) => {
        await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
        await writeFile(path.join(vault, rel), text);
      };
      await write('projects/alpha/state.md', '# Alpha\n\nIn progress.\n');
      await write('projects/alpha/tasks.md', '# Tasks\n\n- [ ] Ship it\n');
      await write('projects/alpha/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      await write('projects/beta/state.md', `# Beta\n\n${'A long note about beta. '.repeat(40)}\n`);
      await write('bucket/loose.md', '# Loose\n\nSomething.\n');
    },
  });
  updateId = await h.update('Alpha is nearly done', ...appendSteps('projects/alpha/state.md', '- Nearly done.', 'Noted alpha progress.'));
  await h.write('projects/beta/notes.md', '# Beta notes\n\nWritten by hand.\n');
  await waitForHandCommit(h, 'projects/beta/notes.md');
  // The history has the edit; the index the sizes come from may still be catching up.
  await h.settle();
});
afterAll(() => h.close());

const stats = async (query = '') => {
  const res = await h.get<Stats>(`/stats${query}`);
  expect(res.status).toBe(200);
  return statsSchema.parse(res.body);
};

describe('GET /stats', () => {
  it('gives notes and tokens per project, largest first, and what lies outside projects/', async () => {
    const s = await stats();
    expect(s.projects.map((p) => [p.name, p.notes])).toEqual([
      ['beta', 2],
      ['alpha', 2],
    ]);
    const beta = s.projects[0]!;
    expect(beta.tokens).toBeGreaterThan(240);
    expect(beta.updated).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const inProjects = s.projects.reduce((sum, p) => sum + p.notes, 0);
    expect(s.elsewhere.notes).toBe(s.vault.notes - inProjects);
    expect(s.elsewhere.tokens).toBe(s.vault.tokens - s.projects.reduce((sum, p) => sum + p.tokens, 0));
  });

  it('counts the update in the project it changed, and the hand edit in its own', async () => {
    const s = await stats();
    const alpha = s.projects.find((p) => p.name === 'alpha')!;
    const beta = s.projects.find((p) => p.name === 'beta')!;
    expect([alpha.updates, alpha.hand_edits]).toEqual([1, 0]);
    expect([beta.updates, beta.hand_edits]).toEqual([0, 1]);
    // The update also logged to the top-level changelog.md.
    expect(s.elsewhere.updates).toBe(1);
    expect(s.recent_updates[0]).toMatchObject({ id: updateId, status: 'done', projects: ['alpha'], summary: 'Noted alpha progress.' });
    expect(s.recent_notes.map((n) => n.path)).toContain('projects/beta/notes.md');
  });

  it('reports the index and embedding coverage', async () => {
    const s = await waitFor(
      async () => {
        const now = await stats();
        return now.index.indexed === now.index.indexable ? now : undefined;
      },
      5_000,
      'the index to cover the vault',
    );
    // overview.md and profile.md are never indexed; every other note is.
    expect(s.index.indexable).toBe(s.vault.notes - 2);
    expect(s.index.coverage).toBe(1);
    expect(s.embeddings).toMatchObject({ models_present: false, embedded: 0, pending: s.index.indexed, coverage: 0 });
  });

  it('takes a window in days and refuses a bad one', async () => {
    expect((await stats('?days=1')).days).toBe(1);
    const bad = await h.get<{ error: string; message: string }>('/stats?days=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/days must be 1 or more/);
  });
});
