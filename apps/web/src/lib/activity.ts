import type { Answer, SearchMode, UpdateState, UpdateStatus } from './api-schemas';

// The Activity view's model: what was exchanged in this session. Update statuses are kept
// by server id apart from the exchanges, because an SSE `update_status` can arrive before the
// POST that created the update has even answered with its id.

export type InboxRef = { id: string; title: string };

export type UpdateExchange = {
  kind: 'update';
  key: string;
  id?: string;
  /** 'elsewhere': sent by another client (CLI, MCP, another tab), seen through the stream. */
  origin: 'here' | 'elsewhere';
  text: string;
  imageCount: number;
  inboxRef?: InboxRef;
  at: string;
  /** 'rejected' only survives for a send cut short by a page reload (see activity-storage). */
  send: 'sending' | 'accepted' | 'rejected';
  error?: string;
};

export type QuestionExchange = {
  kind: 'question';
  key: string;
  query: string;
  mode: SearchMode;
  at: string;
  state: 'pending' | 'answered' | 'failed';
  answer?: Answer;
  error?: string;
};

export type Exchange = UpdateExchange | QuestionExchange;
export type ActivityState = { exchanges: Exchange[]; statuses: Record<string, UpdateStatus> };

export type ActivityAction =
  | { type: 'update/sending'; key: string; text: string; imageCount: number; inboxRef?: InboxRef; at: string }
  | { type: 'update/accepted'; key: string; id: string }
  | { type: 'update/rejected'; key: string }
  | { type: 'update/status'; status: UpdateStatus }
  | { type: 'question/asked'; key: string; query: string; mode: SearchMode; at: string }
  | { type: 'question/answered'; key: string; answer: Answer }
  | { type: 'question/failed'; key: string }
  | { type: 'clear' };

export const emptyActivity: ActivityState = { exchanges: [], statuses: {} };
const MAX_EXCHANGES = 200;

const rank: Record<UpdateState, number> = { queued: 0, running: 1, done: 2, inbox: 2, failed: 2 };
export const isFinished = (state: UpdateState | undefined) => state !== undefined && rank[state] === 2;

export function activityReducer(state: ActivityState, action: ActivityAction): ActivityState {
  switch (action.type) {
    case 'update/sending': {
      const { key, text, imageCount, inboxRef, at } = action;
      return append(state, { kind: 'update', origin: 'here', send: 'sending', key, text, imageCount, at, ...(inboxRef ? { inboxRef } : {}) });
    }
    case 'update/accepted': {
      // The stream may have announced this id first, as someone else's update: ours wins.
      const exchanges = state.exchanges.filter((e) => !(e.kind === 'update' && e.origin === 'elsewhere' && e.id === action.id));
      return { ...state, exchanges: patch(exchanges, action.key, { id: action.id, send: 'accepted' }) };
    }
    // A refused request never reached Knower: it leaves the log, and the chat input keeps the
    // draft with the error beside it, so a retry does not stack up failed copies.
    case 'update/rejected':
    case 'question/failed':
      return { ...state, exchanges: state.exchanges.filter((e) => e.key !== action.key) };
    case 'update/status':
      return applyStatus(state, action.status);
    case 'question/asked': {
      const { key, query, mode, at } = action;
      return append(state, { kind: 'question', state: 'pending', key, query, mode, at });
    }
    case 'question/answered':
      return { ...state, exchanges: patch(state.exchanges, action.key, { state: 'answered', answer: action.answer }) };
    case 'clear':
      return emptyActivity;
  }
}

function applyStatus(state: ActivityState, status: UpdateStatus): ActivityState {
  const known = state.statuses[status.id];
  // A late 'queued' (e.g. a refetch racing the stream) must not undo a newer state.
  if (known && rank[known.status] > rank[status.status]) return state;
  const next = { ...state, statuses: { ...state.statuses, [status.id]: status } };
  const tracked = state.exchanges.some((e) => e.kind === 'update' && e.id === status.id);
  const awaitingId = state.exchanges.some((e) => e.kind === 'update' && e.send === 'sending');
  if (tracked || awaitingId) return next;
  return append(next, {
    kind: 'update',
    key: `elsewhere:${status.id}`,
    id: status.id,
    origin: 'elsewhere',
    text: status.text ?? '',
    imageCount: 0,
    ...(status.inbox_ref ? { inboxRef: { id: status.inbox_ref, title: status.inbox_ref } } : {}),
    at: status.created,
    send: 'accepted',
  });
}

function append(state: ActivityState, exchange: Exchange): ActivityState {
  const exchanges = [...state.exchanges, exchange].slice(-MAX_EXCHANGES);
  if (exchanges.length === state.exchanges.length + 1) return { ...state, exchanges };
  const ids = new Set(exchanges.flatMap((e) => (e.kind === 'update' && e.id ? [e.id] : [])));
  const statuses = Object.fromEntries(Object.entries(state.statuses).filter(([id]) => ids.has(id)));
  return { exchanges, statuses };
}

function patch(exchanges: Exchange[], key: string, fields: Partial<UpdateExchange> | Partial<QuestionExchange>): Exchange[] {
  return exchanges.map((e) => (e.key === key ? ({ ...e, ...fields } as Exchange) : e));
}

/** Replies in flight, by inbox item id: the Inbox view shows them as "being carried out". */
export function repliesInFlight(state: ActivityState): Map<string, UpdateStatus | undefined> {
  const replies = new Map<string, UpdateStatus | undefined>();
  for (const e of state.exchanges) {
    if (e.kind !== 'update' || !e.inboxRef || e.send === 'rejected') continue;
    const status = e.id ? state.statuses[e.id] : undefined;
    if (!isFinished(status?.status) || status?.status === 'failed') replies.set(e.inboxRef.id, status);
  }
  return replies;
}
