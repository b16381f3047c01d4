import { describe, expect, it } from 'vitest';
import { IndexReport } from '../../src/search/index-report.js';
import type { FileFacts, OpenResult, SyncResult } from '../../src/search/worker/protocol.js';
import { NOTE_BUDGET_BYTES } from '../../src/vault/index.js';

const note = (path: string, extra: Partial<FileFacts> = {}): FileFacts => ({ path, kind: 'note', size: 10, mtimeMs: 1, birthtimeMs: 1, indexed: true, ...extra });

function report() {
  const warnings: Array<Record<string, unknown> | undefined> = [];
  let changes = 0;
  const indexer: { starts: number; opened: OpenResult | undefined } = { starts: 0, opened: undefined };
  const r = new IndexReport({
    indexer,
    log: (level, _msg, extra) => level === 'warn' && warnings.push(extra),
    askStatus: async () => undefined,
    closed: () => false,
    changed: () => changes++,
  });
  return { r, indexer, warnings, changes: () => changes };
}

describe('what the index lane says of itself', () => {
  it('keeps notes in search, the notes over the budget and set aside, and the last save, from what a save found', () => {
    const { r, changes } = report();
    const result: SyncResult = {
      upserts: [note('big.md', { size: NOTE_BUDGET_BYTES + 1 }), note('crash.md', { setAside: 'it crashed the worker', indexed: false })],
      removed: [],
      documents: 7,
    };
    r.noteSync(result, 12);
    expect(r.documents).toBe(7);
    expect(changes()).toBe(1);
    const status = r.status();
    expect(status.noteBudget).toMatchObject({ oversized: 1, examples: ['big.md'] });
    expect(status.setAside).toMatchObject({ count: 1, notes: [{ path: 'crash.md', reason: 'it crashed the worker' }] });
    expect(status.lastSync).toMatchObject({ ms: 12, ok: true, files: 2 });
  });

  it('says nothing changed in search when a save indexed nothing and removed nothing', () => {
    const { r, changes } = report();
    r.noteSync({ upserts: [note('a.md', { indexed: false })], removed: [] }, 1);
    expect(changes()).toBe(0);
    expect(r.documents).toBeUndefined();
  });

  it('records a failed save with its error', () => {
    const { r } = report();
    r.noteFailedSync(3, 40, 'the index worker did not answer sync within 40 ms');
    expect(r.status().lastSync).toMatchObject({ ms: 40, ok: false, files: 3, error: 'the index worker did not answer sync within 40 ms' });
  });

  it('takes what the lane said on opening once per opening, and warns of a rebuilt index', () => {
    const { r, indexer, warnings } = report();
    indexer.starts = 1;
    indexer.opened = { documents: 2, complete: true, rebuilt: 'the index file was damaged', setAside: [{ path: 'x.md', size: 1, mtimeMs: 1, at: 'then', reason: 'crashed' }] };
    r.noteOpened();
    r.noteOpened();
    expect(warnings).toEqual([{ reason: 'the index file was damaged' }]);
    expect(r.status().setAside.count).toBe(1);
  });

  it("takes the index's own status: its notes, the notes set aside, its PDFs", () => {
    const { r } = report();
    r.noteStatus({ documents: 5, complete: false, setAside: [], pdfs: { indexed: 2, waiting: 0, setAside: 1 } });
    expect(r.documents).toBe(5);
    expect(r.status().pdfs).toEqual({ indexed: 2, waiting: 0, setAside: 1 });
    r.close();
  });
});
