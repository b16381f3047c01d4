import { useCallback, useRef, useState } from 'react';
import { getUpdateDiff, type ApiProblem, type CommitDiff } from '../lib/api';

export type DiffState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; diff: CommitDiff } | { status: 'error'; problem: ApiProblem };

/** An update's word-level diff, fetched the first time one of its files is opened (again after an error). */
export function useUpdateDiff(id: string) {
  const [state, setState] = useState<DiffState>({ status: 'idle' });
  const asked = useRef(false);
  const load = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    setState({ status: 'loading' });
    void getUpdateDiff(id).then((result) => {
      if (!result.ok) asked.current = false;
      setState(result.ok ? { status: 'ready', diff: result.value } : { status: 'error', problem: result.problem });
    });
  }, [id]);
  return { state, load };
}
