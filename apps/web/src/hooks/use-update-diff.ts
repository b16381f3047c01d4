import { useCallback, useState } from 'react';
import { getUpdateDiff, type ApiProblem, type CommitDiff } from '../lib/api';
import { fetchedFor, useFetched } from './use-fetched';

export type DiffState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; diff: CommitDiff } | { status: 'error'; problem: ApiProblem };

/** An update's word-level diff, fetched the first time one of its files is opened (again after an error). */
export function useUpdateDiff(id: string) {
  const [asked, setAsked] = useState(false);
  const held = useFetched(asked ? id : null, (signal) => getUpdateDiff(id, signal));
  const fetched = fetchedFor(held, asked ? id : null);
  const { reload } = held;
  const failed = fetched.status === 'error';
  const load = useCallback(() => (failed ? reload() : setAsked(true)), [failed, reload]);
  const state: DiffState = !asked
    ? { status: 'idle' }
    : fetched.status === 'ready'
      ? { status: 'ready', diff: fetched.value }
      : fetched.status === 'error'
        ? { status: 'error', problem: fetched.problem }
        : { status: 'loading' };
  return { state, load };
}
