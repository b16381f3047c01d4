import { describe, expect, it } from 'vitest';
import type { ApiProblem, Result } from '../src/lib/api';
import { LOADING, settle, type Fetched } from '../src/lib/fetch-state';

const gone: ApiProblem = { status: 404, code: 'not_found', message: 'no file at a.md' };
const ok = (value: string): Result<string> => ({ ok: true, value });
const failed: Result<string> = { ok: false, problem: gone };

describe('settle: what a view shows once an answer lands', () => {
  it('a first answer is ready, not a reload; a second one for the same resource is a reload, stamped when it came', () => {
    const first = settle(LOADING as Fetched<string>, ok('v1'), 1);
    expect(first).toEqual({ status: 'ready', value: 'v1', at: 1, reloaded: false });
    expect(settle(first, ok('v2'), 2)).toEqual({ status: 'ready', value: 'v2', at: 2, reloaded: true });
  });

  it('a failed reload keeps the value shown before, through further failures, so the view can say it went away', () => {
    const shown = settle(LOADING as Fetched<string>, ok('v1'), 1);
    const lost = settle(shown, failed, 2);
    expect(lost).toEqual({ status: 'error', problem: gone, last: 'v1' });
    expect(settle(lost, failed, 3)).toEqual({ status: 'error', problem: gone, last: 'v1' });
  });

  it('a failure with nothing shown before carries no last value; a success after it is not a reload', () => {
    const never = settle(LOADING as Fetched<string>, failed, 1);
    expect(never).toEqual({ status: 'error', problem: gone });
    expect(settle(never, ok('v1'), 2)).toMatchObject({ status: 'ready', reloaded: false });
  });
});
