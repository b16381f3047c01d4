import { getInboxItem, type ApiProblem, type InboxItem } from '../lib/api';
import { fetchedFor, useFetched } from './use-fetched';

export type InboxItemState = { status: 'loading' } | { status: 'ready'; item: InboxItem } | { status: 'error'; problem: ApiProblem };

/** One inbox item (its review.md and attachments), fetched when the selection changes. */
export function useInboxItem(id: string): InboxItemState {
  const state = fetchedFor(
    useFetched(id, (signal) => getInboxItem(id, signal)),
    id,
  );
  if (state.status === 'ready') return { status: 'ready', item: state.value };
  return state.status === 'error' ? { status: 'error', problem: state.problem } : state;
}
