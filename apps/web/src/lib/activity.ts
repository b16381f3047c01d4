import type { ActivityItem, AttachmentInfo, Question, SearchMode, UndoReport, UpdateHistory, UpdateState, UpdateStatus, UpdateStep } from '@knower/api';

// The Activity view's model. The server keeps every update and question (GET /activity, newest
// first, a page at a time); the stream keeps them current. What this tab is sending and has no
// server id for yet is kept apart as `local`, so it shows at once and is never shown twice.

export type InboxRef = { id: string; title: string };

/** A file an update carries, as the Activity lists it (its kind as declared until the service has read it). */
export type SentFile = Pick<AttachmentInfo, 'name' | 'kind' | 'size'>;

export type LocalSend =
  { kind: 'update'; key: string; text: string; url?: string; files: SentFile[]; inboxRef?: InboxRef; at: string } | { kind: 'question'; key: string; query: string; mode: SearchMode; at: string };

/** An undo asked for from this tab: under way, done (with the report), put back again, or refused. */
export type UndoState = { state: 'working' | 'redoing' } | { state: 'done'; report: UndoReport } | { state: 'redone'; report: UndoReport } | { state: 'failed'; message: string; report?: UndoReport };

export type ActivityState = {
  updates: Record<string, UpdateStatus>;
  questions: Record<string, Question>;
  history: Record<string, UpdateHistory>;
  local: LocalSend[];
  /** Titles of the inbox items replied to from this tab (the server keeps only their ids). */
  refTitles: Record<string, string>;
  undos: Record<string, UndoState>;
  /** Older pages: the cursor of the next one (null: none left; undefined: the first is not loaded yet). */
  cursor: string | null | undefined;
};

export type ActivityAction =
  | { type: 'page/loaded'; items: ActivityItem[]; cursor?: string | null }
  | { type: 'update/sending'; send: Extract<LocalSend, { kind: 'update' }> }
  | { type: 'update/accepted'; key: string; id: string }
  | { type: 'update/status'; status: UpdateStatus }
  | { type: 'update/step'; id: string; step: UpdateStep }
  | { type: 'question/asking'; send: Extract<LocalSend, { kind: 'question' }> }
  | { type: 'question/status'; question: Question }
  | { type: 'local/settled'; key: string }
  | { type: 'history/commit'; updateId: string; commit: string }
  | { type: 'history/set'; updateId: string; history: UpdateHistory }
  | { type: 'undo'; id: string; undo: UndoState };

export const emptyActivity: ActivityState = { updates: {}, questions: {}, history: {}, local: [], refTitles: {}, undos: {}, cursor: undefined };

const rank: Record<UpdateState, number> = { queued: 0, running: 1, done: 2, inbox: 2, failed: 2, cancelled: 2 };
export const isFinished = (state: UpdateState | undefined) => state !== undefined && rank[state] === 2;
const questionRank: Record<Question['status'], number> = { pending: 0, answered: 1, failed: 1 };

/** The newer of two versions of a record: never back to an earlier state, nor to fewer steps. */
function newerUpdate(known: UpdateStatus | undefined, next: UpdateStatus): UpdateStatus {
  if (!known) return next;
  // A new attempt after a model fault starts its steps afresh.
  if ((next.attempts ?? 0) > (known.attempts ?? 0)) return next;
  if (rank[known.status] !== rank[next.status]) return rank[known.status] > rank[next.status] ? known : next;
  const merged = { ...known, ...next };
  if ((known.step_count ?? 0) > (next.step_count ?? 0)) return { ...merged, steps: known.steps, step_count: known.step_count };
  return merged;
}

function newerQuestion(known: Question | undefined, next: Question): Question {
  if (!known) return next;
  return questionRank[known.status] > questionRank[next.status] ? known : { ...known, ...next };
}

export function activityReducer(state: ActivityState, action: ActivityAction): ActivityState {
  switch (action.type) {
    case 'page/loaded': {
      const updates = { ...state.updates };
      const questions = { ...state.questions };
      const history = { ...state.history };
      for (const item of action.items) {
        if (item.type === 'update') {
          updates[item.id] = newerUpdate(updates[item.id], item.update);
          if (item.history) history[item.id] = item.history;
        } else questions[item.id] = newerQuestion(questions[item.id], item.question);
      }
      return { ...state, updates, questions, history, ...(action.cursor !== undefined ? { cursor: action.cursor } : {}) };
    }
    case 'update/sending': {
      const { send } = action;
      const refTitles = send.inboxRef ? { ...state.refTitles, [send.inboxRef.id]: send.inboxRef.title } : state.refTitles;
      return { ...state, local: [...state.local, send], refTitles };
    }
    case 'update/accepted': {
      // The record may not have reached us yet: stand in for it with what was sent until it does.
      const send = state.local.find((l) => l.key === action.key);
      const local = state.local.filter((l) => l.key !== action.key);
      if (!send || send.kind !== 'update' || state.updates[action.id]) return { ...state, local };
      const stand: UpdateStatus = {
        id: action.id,
        status: 'queued',
        text: send.text,
        created: send.at,
        ...(send.url ? { url: send.url } : {}),
        ...(send.inboxRef ? { inbox_ref: send.inboxRef.id } : {}),
      };
      return { ...state, local, updates: { ...state.updates, [action.id]: stand } };
    }
    case 'update/status':
      return { ...state, updates: { ...state.updates, [action.status.id]: newerUpdate(state.updates[action.status.id], action.status) } };
    case 'update/step': {
      const known = state.updates[action.id];
      if (!known || known.steps?.some((s) => s.n === action.step.n)) return state;
      const steps = [...(known.steps ?? []), action.step].slice(-40);
      // A step means the model answered: a retry it was waiting for is over.
      const { retrying: _over, ...rest } = known;
      return { ...state, updates: { ...state.updates, [action.id]: { ...rest, steps, step_count: Math.max(known.step_count ?? 0, action.step.n) } } };
    }
    case 'question/asking':
      return { ...state, local: [...state.local, action.send] };
    case 'question/status':
      return { ...state, questions: { ...state.questions, [action.question.id]: newerQuestion(state.questions[action.question.id], action.question) } };
    case 'local/settled':
      return { ...state, local: state.local.filter((l) => l.key !== action.key) };
    case 'history/commit':
      if (state.history[action.updateId]) return state;
      return { ...state, history: { ...state.history, [action.updateId]: { commit: action.commit, undone_by: [], undone: false } } };
    case 'history/set':
      return { ...state, history: { ...state.history, [action.updateId]: action.history } };
    case 'undo':
      return { ...state, undos: { ...state.undos, [action.id]: action.undo } };
  }
}

export type Entry =
  { kind: 'update'; key: string; at: string; record: UpdateStatus } | { kind: 'question'; key: string; at: string; record: Question } | { kind: 'sending'; key: string; at: string; send: LocalSend };

/** How far the service's clock may be from the browser's when a record is matched to a send. */
const CLOCK_SLACK_MS = 60_000;

/**
 * Everything to show, oldest first. A record the stream brought in while its POST is still in
 * flight (same words and link) is left out: the local entry stands for it until then. That holds
 * for one already ended too (an upload's POST may answer after the update was filed), as long
 * as it was made since the send began; an older record of the same words is another update.
 */
export function entriesOf(state: ActivityState): Entry[] {
  const updateKey = (text: string, url: string | null | undefined) => `u:${text}\u0000${url ?? ''}`;
  // Per words and link being sent: the earliest time a record of them may stand behind the send.
  const sentSince = new Map<string, number>();
  const asking = new Set<string>();
  for (const l of state.local) {
    if (l.kind === 'question') asking.add(l.query);
    else {
      const key = updateKey(l.text, l.url);
      sentSince.set(key, Math.min(sentSince.get(key) ?? Infinity, Date.parse(l.at) - CLOCK_SLACK_MS));
    }
  }
  const standsIn = (record: UpdateStatus) => {
    const since = sentSince.get(updateKey(record.text ?? '', record.url));
    return since !== undefined && (!isFinished(record.status) || Date.parse(record.created) >= since);
  };
  const entries: Entry[] = state.local.map((send) => ({ kind: 'sending', key: send.key, at: send.at, send }));
  for (const record of Object.values(state.updates)) {
    if (standsIn(record)) continue;
    entries.push({ kind: 'update', key: `u:${record.id}`, at: record.created, record });
  }
  for (const record of Object.values(state.questions)) {
    if (record.status === 'pending' && asking.has(record.query)) continue;
    entries.push({ kind: 'question', key: `q:${record.id}`, at: record.created, record });
  }
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.key < b.key ? -1 : 1));
}

/** The question of these words still being answered (the tab's own entry stands for it until then). */
export function pendingQuestion(state: ActivityState, query: string): Question | undefined {
  let found: Question | undefined;
  for (const q of Object.values(state.questions)) if (q.status === 'pending' && q.query === query && (!found || q.created > found.created)) found = q;
  return found;
}

/** Updates on their way: being sent, queued or running. */
export function updatesInFlight(state: ActivityState): number {
  return state.local.filter((l) => l.kind === 'update').length + Object.values(state.updates).filter((u) => !isFinished(u.status)).length;
}

/**
 * What the Activity asks the transcriber about: null while no update shows audio waiting for one,
 * else a key that changes when more audio waits or a transcription ends (what waits then changes).
 */
export function transcriptionKey(state: ActivityState): string | null {
  const updates = Object.values(state.updates);
  const waiting = updates.filter((u) => u.captures?.some((c) => c.awaiting === 'transcriber' && !c.transcribed_by)).map((u) => u.id);
  if (waiting.length === 0) return null;
  const ended = updates.filter((u) => u.transcribe && isFinished(u.status)).map((u) => u.id);
  return [...waiting.sort(), '|', ...ended.sort()].join(' ');
}

/** Replies in flight (or failed and not retried), by inbox item id: the Inbox view shows them. */
export function repliesInFlight(state: ActivityState): Map<string, UpdateStatus | undefined> {
  const replies = new Map<string, UpdateStatus | undefined>();
  for (const l of state.local) if (l.kind === 'update' && l.inboxRef) replies.set(l.inboxRef.id, undefined);
  for (const u of Object.values(state.updates)) {
    if (!u.inbox_ref || u.retried_by) continue;
    // One still running wins over one that failed.
    if (!isFinished(u.status)) replies.set(u.inbox_ref, u);
    else if (u.status === 'failed' && !replies.has(u.inbox_ref)) replies.set(u.inbox_ref, u);
  }
  return replies;
}
