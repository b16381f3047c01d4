import type { ActivityItem, UpdateHistory } from '../api/index.js';
import { publicView, type UpdateRecord } from '../records/index.js';
import type { QuestionRecord } from './question-record.js';

/**
 * One entry of Activity, an update (its record as clients see it) or a question (its record),
 * and where an update stands in the vault's history: the wire's shapes, from api/.
 */
export type { ActivityItem } from '../api/index.js';

export interface ActivitySources {
  updates: () => UpdateRecord[];
  questions: () => Promise<QuestionRecord[]>;
  /** The commit of an update, from the history's memory (undefined: none, or not yet). */
  updateCommit: (id: string) => string | undefined;
  undoneBy: (commit: string) => string[];
  /** Whether an undo of the commit stands (the history's rule: an undo undone in turn puts the change back). */
  undone: (commit: string) => boolean;
}

/** `<created>~<id>` of the last item of a page: the next page starts below it. */
const CURSOR = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z~[A-Za-z0-9-]{1,80}$/;
export const isActivityCursor = (cursor: string): boolean => CURSOR.test(cursor);

const keyOf = (at: string, id: string) => `${at}~${id}`;

function historyOf(sources: ActivitySources, id: string): UpdateHistory | undefined {
  const commit = sources.updateCommit(id);
  if (!commit) return undefined;
  return { commit, undone_by: sources.undoneBy(commit), undone: sources.undone(commit) };
}

/**
 * Updates and questions together, newest first, a page at a time. Nothing is copied: each item
 * is the update's record (steps, summary and changes included) or the question's record.
 */
export async function listActivity(sources: ActivitySources, opts: { limit: number; cursor?: string }): Promise<{ items: ActivityItem[]; next_cursor?: string }> {
  const keyed: Array<{ key: string; make: () => ActivityItem }> = [];
  for (const record of sources.updates()) {
    keyed.push({
      key: keyOf(record.created, record.id),
      make: () => {
        const history = historyOf(sources, record.id);
        return { type: 'update', id: record.id, at: record.created, update: publicView(record), ...(history ? { history } : {}) };
      },
    });
  }
  for (const question of await sources.questions()) {
    keyed.push({ key: keyOf(question.created, question.id), make: () => ({ type: 'question', id: question.id, at: question.created, question }) });
  }
  keyed.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  const start = opts.cursor ? keyed.findIndex((k) => k.key < (opts.cursor as string)) : 0;
  const page = start === -1 ? [] : keyed.slice(start, start + opts.limit);
  const more = start !== -1 && start + opts.limit < keyed.length;
  return { items: page.map((k) => k.make()), ...(more && page.length ? { next_cursor: (page.at(-1) as { key: string }).key } : {}) };
}

/** GET /activity's feed, read from the queue, the questions and the history. */
export function createActivity(deps: {
  queue: { recent(limit?: number): UpdateRecord[] };
  questions: { all(): Promise<QuestionRecord[]> };
  history: { updateCommit(id: string): string | undefined; undoneBy(commit: string): string[]; undone(commit: string): boolean };
}) {
  const sources: ActivitySources = {
    updates: () => deps.queue.recent(Number.MAX_SAFE_INTEGER),
    questions: () => deps.questions.all(),
    updateCommit: (id) => deps.history.updateCommit(id),
    undoneBy: (commit) => deps.history.undoneBy(commit),
    undone: (commit) => deps.history.undone(commit),
  };
  return { list: (opts: { limit: number; cursor?: string }) => listActivity(sources, opts) };
}

export type Activity = ReturnType<typeof createActivity>;
