import type { ProjectStats, Stats } from '../api/index.js';
import type { History } from '../history/index.js';
import type { UpdateQueue } from '../queue/index.js';
import type { SearchEngine } from '../search/index.js';
import { isIndexed, isNote, PROJECTS_DIR, type IndexEntry, type VaultIndex } from '../vault/index.js';
import { handEditsPerProject, projectsTouched, updatesPerProject } from './recent-activity.js';

export interface StatsDeps {
  index: VaultIndex;
  queue: Pick<UpdateQueue, 'recent'>;
  history: Pick<History, 'list'>;
  search: Pick<SearchEngine, 'status' | 'coverage'>;
  clock: () => Date;
}

const RECENT = 10;
const DAY_MS = 86_400_000;

const isCounted = (e: IndexEntry) => e.kind === 'note' && isNote(e.path);
const ratio = (part: number | null, whole: number) => (part === null ? null : whole === 0 ? 1 : Math.round((part / whole) * 1000) / 1000);

/**
 * What the vault holds and what changed lately, per project: for a person checking on the
 * vault, and for a coding agent resuming work after its context was compacted. Sizes come
 * from the in-memory index; recent activity from the update records and the history.
 */
export function createVaultStats(deps: StatsDeps) {
  function projects(): Array<Omit<ProjectStats, 'updates' | 'hand_edits'>> {
    const folder = deps.index.folder(PROJECTS_DIR);
    if (!folder) return [];
    return [...folder.folders.values()].map((project) => {
      let notes = 0;
      let tokens = 0;
      let updated: string | null = null;
      for (const entry of deps.index.walk(project)) {
        if (!isCounted(entry)) continue;
        notes++;
        tokens += entry.tokens ?? 0;
        if (entry.updated && (!updated || entry.updated > updated)) updated = entry.updated;
      }
      return { name: project.name, notes, tokens, updated };
    });
  }

  return {
    async stats(days: number): Promise<Stats> {
      const now = deps.clock();
      const since = new Date(now.getTime() - days * DAY_MS).toISOString();
      const records = deps.queue.recent(Number.MAX_SAFE_INTEGER);
      const updates = updatesPerProject(records, since);
      const [hand, coverage] = await Promise.all([handEditsPerProject(deps.history, since), deps.search.coverage()]);
      const handCount = (key: string | null) => (hand.ok ? (hand.counts.get(key) ?? 0) : null);

      const sizes = projects();
      const vault = deps.index.totals();
      const inProjects = sizes.reduce((sum, p) => ({ notes: sum.notes + p.notes, tokens: sum.tokens + p.tokens }), { notes: 0, tokens: 0 });
      let indexable = 0;
      for (const entry of deps.index.values()) if (entry.kind === 'note' && isIndexed(entry.path)) indexable++;
      const status = deps.search.status();
      const indexed = coverage?.documents ?? null;
      const pending = coverage ? Math.min(coverage.needsEmbedding, coverage.documents) : null;
      const embedded = coverage && pending !== null ? coverage.documents - pending : null;

      return {
        generated: now.toISOString(),
        days,
        vault: { notes: vault.notes, files: vault.files, tokens: vault.tokens },
        projects: sizes.map((p) => ({ ...p, updates: updates.get(p.name) ?? 0, hand_edits: handCount(p.name) })).sort((a, b) => b.tokens - a.tokens || a.name.localeCompare(b.name)),
        elsewhere: { notes: vault.notes - inProjects.notes, tokens: vault.tokens - inProjects.tokens, updates: updates.get(null) ?? 0, hand_edits: handCount(null) },
        index: { indexable, indexed, coverage: ratio(indexed === null ? null : Math.min(indexed, indexable), indexable), ...(status.degraded ? { problem: status.degraded } : {}) },
        embeddings: { models_present: status.embeddings.modelsPresent, embedded, pending, coverage: ratio(embedded, indexed ?? 0) },
        recent_updates: records
          .filter((r) => r.created >= since)
          .slice(0, RECENT)
          .map((r) => ({
            id: r.id,
            status: r.status,
            created: r.created,
            ...(r.summary ? { summary: r.summary } : {}),
            text: r.text.length > 200 ? `${r.text.slice(0, 200)}…` : r.text,
            projects: projectsTouched(r).filter((p): p is string => p !== null),
          })),
        recent_notes: deps.index
          .recent(RECENT)
          .filter((e) => e.updated)
          .map((e) => ({ path: e.path, updated: e.updated! })),
        ...(hand.ok ? {} : { history_problem: hand.problem }),
      };
    },
  };
}

export type VaultStats = ReturnType<typeof createVaultStats>;
