import type { ApiProblem, Result } from './api';

/**
 * One resource as a view shows it: loading, its value, or the problem. After a reload that failed,
 * `last` is the value it showed before, so a view can keep it on screen or say it went away.
 */
export type Fetched<T> = { status: 'loading' } | { status: 'ready'; value: T; at: number; reloaded: boolean } | { status: 'error'; problem: ApiProblem; last?: T };

export const LOADING: Fetched<never> = { status: 'loading' };

/** The state once an answer for the same resource lands; `prev` is what it showed until then, `at` when the answer came. */
export function settle<T>(prev: Fetched<T>, result: Result<T>, at: number): Fetched<T> {
  if (result.ok) return { status: 'ready', value: result.value, at, reloaded: prev.status === 'ready' };
  const last = prev.status === 'ready' ? prev.value : prev.status === 'error' ? prev.last : undefined;
  return { status: 'error', problem: result.problem, ...(last !== undefined ? { last } : {}) };
}
