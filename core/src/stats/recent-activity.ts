import type { History } from '../history/index.js';
import type { UpdateRecord } from '../records/index.js';
import { projectOf } from '../vault/index.js';

/** Counts per project; `null` holds everything outside projects/. */
export type PerProject = Map<string | null, number>;

const bump = (counts: PerProject, key: string | null, by = 1) => counts.set(key, (counts.get(key) ?? 0) + by);

/** Which projects an update changed (outside projects/ is null); from its recorded changes. */
export function projectsTouched(record: UpdateRecord): Array<string | null> {
  const paths = record.changes?.flatMap((c) => [c.path, ...(c.from ? [c.from] : [])]) ?? record.files ?? [];
  return [...new Set(paths.map((p) => projectOf(p) ?? null))];
}

/** Updates created since `since` that changed something, per project they changed (one update may count in several). */
export function updatesPerProject(records: readonly UpdateRecord[], since: string): PerProject {
  const counts: PerProject = new Map();
  for (const record of records) {
    if (record.created < since) continue;
    for (const project of projectsTouched(record)) bump(counts, project);
  }
  return counts;
}

/** Bounds the history walk: a window with more hand-edit commits than this is counted in part. */
const MAX_PAGES = 20;

/**
 * Files changed by hand since `since`, per project, from the history's hand-edit commits
 * (newest first, a page at a time, stopping at the first commit older than the window).
 */
export async function handEditsPerProject(history: Pick<History, 'list'>, since: string): Promise<{ ok: true; counts: PerProject } | { ok: false; problem: string }> {
  const counts: PerProject = new Map();
  const kinds = new Set(['hand'] as const);
  let before: number | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await history.list({ limit: 100, kinds, ...(before !== undefined ? { before } : {}) });
    if (!listed.ok) return { ok: false, problem: listed.message };
    for (const entry of listed.value.entries) {
      if (entry.at < since) return { ok: true, counts };
      for (const change of entry.changes) bump(counts, projectOf(change.path) ?? null);
    }
    if (listed.value.next === undefined) break;
    before = listed.value.next;
  }
  return { ok: true, counts };
}
