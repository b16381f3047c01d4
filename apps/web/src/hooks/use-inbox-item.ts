import { useEffect, useState } from 'react';
import { getInboxItem, type ApiProblem, type InboxItem } from '../lib/api';

export type InboxItemState = { status: 'loading' } | { status: 'ready'; item: InboxItem } | { status: 'error'; problem: ApiProblem };

/** One inbox item (its review.md and attachments), fetched when the selection changes. */
export function useInboxItem(id: string): InboxItemState {
  const [state, setState] = useState<InboxItemState & { id?: string }>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getInboxItem(id, controller.signal)
      .then((result) => setState(result.ok ? { status: 'ready', item: result.value, id } : { status: 'error', problem: result.problem, id }))
      .catch(() => undefined); // aborted by a newer selection
    return () => controller.abort();
  }, [id]);

  return state.id === id ? state : { status: 'loading' };
}
