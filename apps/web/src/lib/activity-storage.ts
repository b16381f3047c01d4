import { emptyActivity, type ActivityState, type Exchange } from './activity';

// The session's exchanges survive a reload of the tab (sessionStorage), not a new session.

const KEY = 'knower.activity.v1';
const INTERRUPTED = 'Interrupted by a page reload before the server answered.';

/** Exchanges still waiting on a request that died with the old page are marked as such. */
export function reviveActivity(state: ActivityState): ActivityState {
  const exchanges = state.exchanges.map((e): Exchange => {
    if (e.kind === 'update' && e.send === 'sending') return { ...e, send: 'rejected', error: INTERRUPTED };
    if (e.kind === 'question' && e.state === 'pending') return { ...e, state: 'failed', error: INTERRUPTED };
    return e;
  });
  return { ...state, exchanges };
}

export function loadActivity(storage: Pick<Storage, 'getItem'> | undefined): ActivityState {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return emptyActivity;
    const parsed = JSON.parse(raw) as Partial<ActivityState>;
    if (!Array.isArray(parsed.exchanges) || typeof parsed.statuses !== 'object' || parsed.statuses === null) return emptyActivity;
    return reviveActivity(parsed as ActivityState);
  } catch {
    return emptyActivity;
  }
}

export function saveActivity(storage: Pick<Storage, 'setItem'> | undefined, state: ActivityState): void {
  try {
    storage?.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the session simply does not survive a reload.
  }
}
