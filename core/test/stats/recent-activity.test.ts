import { describe, expect, it } from 'vitest';
import type { History, HistoryEntry } from '../../src/history/index.js';
import type { UpdateRecord } from '../../src/records/index.js';
import { handEditsPerProject, projectsTouched, updatesPerProject } from '../../src/stats/recent-activity.js';

const record = (id: string, created: string, changes: UpdateRecord['changes']): UpdateRecord => ({
  id,
  seq: 1,
  status: 'done',
  text: id,
  attachments: [],
  created,
  attempts: 1,
  ...(changes ? { changes } : {}),
});

describe('recent activity per project', () => {
  it('counts each update once per project it changed, within the window only', () => {
    const records = [
      record('u1', '2025-05-10T10:00:00.000Z', [
        { path: 'projects/alpha/state.md', kind: 'edited' },
        { path: 'projects/alpha/tasks.md', kind: 'edited' },
        { path: 'changelog.md', kind: 'edited' },
      ]),
      record('u2', '2025-05-09T10:00:00.000Z', [{ path: 'projects/beta/new.md', kind: 'moved', from: 'bucket/new.md' }]),
      record('u3', '2025-04-01T10:00:00.000Z', [{ path: 'projects/alpha/state.md', kind: 'edited' }]),
      record('u4', '2025-05-10T11:00:00.000Z', []),
    ];
    const counts = updatesPerProject(records, '2025-05-03T00:00:00.000Z');
    expect(Object.fromEntries(counts)).toEqual({ alpha: 1, beta: 1, null: 2 });
    expect(projectsTouched(records[1]!)).toEqual(['beta', null]);
    // A file right under projects/ is in no project.
    expect(projectsTouched(record('u5', '2025-05-10T10:00:00.000Z', [{ path: 'projects/readme.md', kind: 'created' }]))).toEqual([null]);
  });

  it('walks the hand-edit commits newest first, page by page, and stops at the window', async () => {
    const entry = (at: string, ...paths: string[]): HistoryEntry => ({
      commit: at,
      parent: null,
      kind: 'hand',
      at,
      author: 'you',
      title: 'hand',
      undone_by: [],
      changes: paths.map((p) => ({ path: p, kind: 'edited' })),
    });
    const pages = [
      { entries: [entry('2025-05-10T00:00:00.000Z', 'projects/alpha/a.md', 'projects/alpha/b.md'), entry('2025-05-09T00:00:00.000Z', 'notes/x.md')], next: 2 },
      { entries: [entry('2025-05-05T00:00:00.000Z', 'projects/beta/c.md'), entry('2025-04-01T00:00:00.000Z', 'projects/beta/old.md')], next: 1 },
      { entries: [entry('2025-03-01T00:00:00.000Z', 'projects/beta/older.md')] },
    ];
    const asked: Array<number | undefined> = [];
    const history: Pick<History, 'list'> = {
      list: async (opts) => {
        expect(opts.kinds && [...opts.kinds]).toEqual(['hand']);
        asked.push(opts.before);
        const page = pages[opts.before === undefined ? 0 : 3 - opts.before]!;
        return { ok: true, value: page };
      },
    };
    const found = await handEditsPerProject(history, '2025-05-03T00:00:00.000Z');
    expect(found.ok && Object.fromEntries(found.counts)).toEqual({ alpha: 2, null: 1, beta: 1 });
    expect(asked).toEqual([undefined, 2]);
    const unavailable = await handEditsPerProject({ list: async () => ({ ok: false, error: 'history_unavailable', message: 'git is missing' }) }, '2025-05-03T00:00:00.000Z');
    expect(unavailable).toEqual({ ok: false, problem: 'git is missing' });
  });
});
