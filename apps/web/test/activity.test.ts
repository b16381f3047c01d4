import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../src/lib/api-schemas';
import { activityReducer, emptyActivity, repliesInFlight, type ActivityAction, type ActivityState } from '../src/lib/activity';
import { loadActivity, reviveActivity, saveActivity } from '../src/lib/activity-storage';

const at = '2025-06-10T12:00:00Z';
const status = (id: string, state: UpdateStatus['status'], extra: Partial<UpdateStatus> = {}): UpdateStatus => ({
  id,
  status: state,
  created: at,
  ...extra,
});
const run = (actions: ActivityAction[], from: ActivityState = emptyActivity) => actions.reduce(activityReducer, from);

describe('activityReducer: updates', () => {
  it('follows an update from sending to done with its changed files', () => {
    const state = run([
      { type: 'update/sending', key: 'k1', text: 'Met Anna', imageCount: 0, at },
      { type: 'update/accepted', key: 'k1', id: 'u1' },
      { type: 'update/status', status: status('u1', 'running') },
      { type: 'update/status', status: status('u1', 'done', { files: ['projects/acme/state.md'] }) },
    ]);
    expect(state.exchanges).toHaveLength(1);
    expect(state.exchanges[0]).toMatchObject({ kind: 'update', id: 'u1', send: 'accepted', origin: 'here' });
    expect(state.statuses.u1?.files).toEqual(['projects/acme/state.md']);
  });

  it('keeps a status that arrives before the POST answers and attaches it afterwards', () => {
    const state = run([
      { type: 'update/sending', key: 'k1', text: 'x', imageCount: 1, at },
      { type: 'update/status', status: status('u1', 'queued') },
      { type: 'update/accepted', key: 'k1', id: 'u1' },
    ]);
    expect(state.exchanges).toHaveLength(1);
    expect(state.statuses.u1?.status).toBe('queued');
  });

  it('shows updates from other clients, and merges one that turns out to be ours', () => {
    const seen = run([{ type: 'update/status', status: status('u9', 'queued', { text: 'from the CLI' }) }]);
    expect(seen.exchanges[0]).toMatchObject({ origin: 'elsewhere', id: 'u9', text: 'from the CLI' });

    const merged = run(
      [
        { type: 'update/sending', key: 'k1', text: 'mine', imageCount: 0, at },
        { type: 'update/accepted', key: 'k1', id: 'u9' },
      ],
      seen,
    );
    expect(merged.exchanges).toHaveLength(1);
    expect(merged.exchanges[0]).toMatchObject({ origin: 'here', key: 'k1', id: 'u9' });
  });

  it('never lets a late "queued" undo a finished state', () => {
    const state = run([
      { type: 'update/sending', key: 'k1', text: 'x', imageCount: 0, at },
      { type: 'update/accepted', key: 'k1', id: 'u1' },
      { type: 'update/status', status: status('u1', 'inbox', { inbox_id: 'i1' }) },
      { type: 'update/status', status: status('u1', 'queued') },
    ]);
    expect(state.statuses.u1?.status).toBe('inbox');
  });

  it('drops a refused update or question from the log (the chat input keeps the draft)', () => {
    const state = run([
      { type: 'update/sending', key: 'k1', text: 'x', imageCount: 0, at },
      { type: 'question/asked', key: 'q1', query: 'y', mode: 'fast', at },
      { type: 'update/sending', key: 'k2', text: 'z', imageCount: 0, at },
      { type: 'update/rejected', key: 'k1' },
      { type: 'question/failed', key: 'q1' },
    ]);
    expect(state.exchanges.map((e) => e.key)).toEqual(['k2']);
  });
});

describe('activityReducer: history bound', () => {
  it('keeps the newest 200 exchanges and forgets statuses nothing refers to', () => {
    const actions: ActivityAction[] = [
      { type: 'update/sending', key: 'old', text: 'first', imageCount: 0, at },
      { type: 'update/accepted', key: 'old', id: 'u-old' },
      { type: 'update/status', status: status('u-old', 'done') },
    ];
    for (let i = 0; i < 200; i++) actions.push({ type: 'question/asked', key: `q${i}`, query: `q${i}`, mode: 'fast', at });
    const state = run(actions);
    expect(state.exchanges).toHaveLength(200);
    expect(state.exchanges[0]).toMatchObject({ key: 'q0' });
    expect(state.statuses).toEqual({});
  });
});

describe('activityReducer: questions', () => {
  it('stores the answer of a question', () => {
    const answer = { markdown: '**Friday**', sources: ['projects/acme/state.md'], mode: 'fast' };
    const state = run([
      { type: 'question/asked', key: 'q1', query: 'When is the deadline?', mode: 'fast', at },
      { type: 'question/answered', key: 'q1', answer },
    ]);
    expect(state.exchanges[0]).toMatchObject({ kind: 'question', state: 'answered', answer });
  });
});

describe('repliesInFlight', () => {
  it('lists inbox replies until their update finishes well', () => {
    const sent = run([
      { type: 'update/sending', key: 'k1', text: 'put it in Berlin', imageCount: 0, inboxRef: { id: 'i1', title: 'Trip?' }, at },
      { type: 'update/accepted', key: 'k1', id: 'u1' },
      { type: 'update/status', status: status('u1', 'running') },
    ]);
    expect([...repliesInFlight(sent).keys()]).toEqual(['i1']);
    const done = run([{ type: 'update/status', status: status('u1', 'done') }], sent);
    expect(repliesInFlight(done).size).toBe(0);
    const failed = run([{ type: 'update/status', status: status('u1', 'failed', { error: 'model down' }) }], sent);
    expect(repliesInFlight(failed).get('i1')?.error).toBe('model down');
  });
});

describe('activity storage', () => {
  it('round-trips through storage and marks requests cut by a reload', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const state = run([
      { type: 'update/sending', key: 'k1', text: 'x', imageCount: 0, at },
      { type: 'question/asked', key: 'q1', query: 'y', mode: 'deep', at },
    ]);
    saveActivity(storage, state);
    const loaded = loadActivity(storage);
    expect(loaded.exchanges[0]).toMatchObject({ send: 'rejected' });
    expect(loaded.exchanges[1]).toMatchObject({ state: 'failed' });
    expect(reviveActivity(emptyActivity)).toEqual(emptyActivity);
  });

  it('starts empty on garbage', () => {
    expect(loadActivity({ getItem: () => '{not json' })).toEqual(emptyActivity);
    expect(loadActivity({ getItem: () => '{"exchanges": 3}' })).toEqual(emptyActivity);
    expect(loadActivity(undefined)).toEqual(emptyActivity);
  });
});
