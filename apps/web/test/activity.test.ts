import { describe, expect, it } from 'vitest';
import type { ActivityItem, Question, UpdateStatus } from '@knower/api';
import { activityReducer, emptyActivity, entriesOf, repliesInFlight, transcriptionKey, updatesInFlight, type ActivityAction, type ActivityState } from '../src/lib/activity';

const at = '2025-06-10T12:00:00.000Z';
const later = '2025-06-10T12:05:00.000Z';
const status = (id: string, state: UpdateStatus['status'], extra: Partial<UpdateStatus> = {}): UpdateStatus => ({ id, status: state, created: at, ...extra });
const question = (id: string, state: Question['status'], extra: Partial<Question> = {}): Question => ({ id, query: 'When?', mode: 'fast', status: state, created: at, ...extra });
const run = (actions: ActivityAction[], from: ActivityState = emptyActivity) => actions.reduce(activityReducer, from);
const sending = (key: string, text: string, extra: { inboxRef?: { id: string; title: string } } = {}): ActivityAction => ({
  type: 'update/sending',
  send: { kind: 'update', key, text, files: [], at, ...extra },
});

describe('activityReducer: pages from the server', () => {
  it("lists updates and questions oldest first, with each update's place in the history", () => {
    const items: ActivityItem[] = [
      { type: 'question', id: 'q2', at: later, question: question('q2', 'answered', { created: later }) },
      { type: 'update', id: 'u1', at, update: status('u1', 'done', { summary: 'Filed.' }), history: { commit: 'c1', undone_by: [], undone: false } },
    ];
    const state = run([{ type: 'page/loaded', items, cursor: 'next' }]);
    expect(entriesOf(state).map((e) => e.key)).toEqual(['u:u1', 'q:q2']);
    expect(state.history.u1?.commit).toBe('c1');
    expect(state.cursor).toBe('next');
  });

  it('never lets an older page or a late event take a record back to an earlier state or fewer steps', () => {
    const step = (n: number) => ({ n, at, tool: 'read', path: `${n}.md`, ok: true });
    const state = run([
      { type: 'update/status', status: status('u1', 'running') },
      { type: 'update/step', id: 'u1', step: step(1) },
      { type: 'update/step', id: 'u1', step: step(2) },
      { type: 'update/step', id: 'u1', step: step(2) },
      { type: 'page/loaded', items: [{ type: 'update', id: 'u1', at, update: status('u1', 'running', { steps: [step(1)], step_count: 1 }) }] },
    ]);
    expect(state.updates.u1?.steps?.map((s) => s.n)).toEqual([1, 2]);
    const done = run(
      [
        { type: 'update/status', status: status('u1', 'done') },
        { type: 'update/status', status: status('u1', 'queued') },
      ],
      state,
    );
    expect(done.updates.u1?.status).toBe('done');
    // A second attempt (after a model fault) starts over: its steps replace the first one's.
    const retried = run(
      [
        { type: 'update/status', status: status('u1', 'running', { attempts: 2, steps: [], step_count: 0 }) },
        { type: 'update/step', id: 'u1', step: step(1) },
      ],
      run([{ type: 'update/status', status: status('u1', 'running', { attempts: 1 }) }], state),
    );
    expect(retried.updates.u1).toMatchObject({ attempts: 2, step_count: 1, steps: [step(1)] });
    const answered = run([
      { type: 'question/status', question: question('q1', 'answered') },
      { type: 'question/status', question: question('q1', 'pending') },
    ]);
    expect(answered.questions.q1?.status).toBe('answered');
  });
});

describe('activityReducer: what this tab sends', () => {
  it('shows an update once: while it is sent, then as its record', () => {
    const racing = run([sending('k1', 'Met Anna'), { type: 'update/status', status: status('u1', 'queued', { text: 'Met Anna' }) }]);
    // The stream brought the record before the POST answered: the local entry stands for it.
    expect(entriesOf(racing).map((e) => e.kind)).toEqual(['sending']);
    // A capture starts at once: a running record is left out too, matched by its words and link.
    const clip = { url: 'https://birding.example/pelicans' };
    const send: ActivityAction = { type: 'update/sending', send: { kind: 'update', key: 'k2', text: 'trip', files: [], at, ...clip } };
    const started = run([send, { type: 'update/status', status: status('u2', 'running', { text: 'trip', ...clip }) }]);
    expect(entriesOf(started).map((e) => e.kind)).toEqual(['sending']);
    const other = run([send, { type: 'update/status', status: status('u3', 'running', { text: 'trip' }) }]);
    expect(
      entriesOf(other)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['sending', 'update']);
    const accepted = run([{ type: 'update/accepted', key: 'k1', id: 'u1' }], racing);
    expect(entriesOf(accepted).map((e) => e.key)).toEqual(['u:u1']);
  });

  it('shows an update once when it ends before its POST answers (an upload), and keeps an older one of the same words', () => {
    const filed = run([sending('k1', 'Voice memo'), { type: 'update/status', status: status('u1', 'done', { text: 'Voice memo' }) }]);
    expect(entriesOf(filed).map((e) => e.kind)).toEqual(['sending']);
    const yesterday = new Date(Date.parse(at) - 24 * 3600_000).toISOString();
    const older = run([sending('k1', 'Voice memo'), { type: 'update/status', status: status('u0', 'done', { text: 'Voice memo', created: yesterday }) }]);
    expect(entriesOf(older).map((e) => e.key)).toEqual(['u:u0', 'k1']);
  });

  it('stands in for a record the stream has not brought yet, and drops a refused send', () => {
    const state = run([sending('k1', 'x', { inboxRef: { id: 'i1', title: 'Trip?' } }), { type: 'update/accepted', key: 'k1', id: 'u1' }, sending('k2', 'y'), { type: 'local/settled', key: 'k2' }]);
    expect(state.updates.u1).toMatchObject({ status: 'queued', text: 'x', inbox_ref: 'i1' });
    expect(state.refTitles).toEqual({ i1: 'Trip?' });
    expect(entriesOf(state)).toHaveLength(1);
  });

  it('counts updates in flight', () => {
    const state = run([sending('k1', 'a'), { type: 'update/status', status: status('u1', 'running') }, { type: 'update/status', status: status('u2', 'done') }]);
    expect(updatesInFlight(state)).toBe(2);
  });
});

describe('activityReducer: undo and history', () => {
  it("learns an update's commit from the stream once, and keeps each undo's state", () => {
    const state = run([
      { type: 'history/commit', updateId: 'u1', commit: 'c1' },
      { type: 'history/commit', updateId: 'u1', commit: 'c2' },
      { type: 'undo', id: 'u1', undo: { state: 'working' } },
    ]);
    expect(state.history.u1?.commit).toBe('c1');
    expect(state.undos.u1).toEqual({ state: 'working' });
  });
});

describe('repliesInFlight', () => {
  it('lists inbox replies until their update finishes well; one running wins over one that failed; a retried one is not listed', () => {
    const sent = run([sending('k1', 'put it in Berlin', { inboxRef: { id: 'i1', title: 'Trip?' } })]);
    expect([...repliesInFlight(sent).keys()]).toEqual(['i1']);
    const running = run(
      [
        { type: 'update/accepted', key: 'k1', id: 'u1' },
        { type: 'update/status', status: status('u1', 'running', { inbox_ref: 'i1' }) },
      ],
      sent,
    );
    expect(repliesInFlight(running).get('i1')?.status).toBe('running');
    expect(repliesInFlight(run([{ type: 'update/status', status: status('u1', 'done', { inbox_ref: 'i1' }) }], running)).size).toBe(0);
    const failed = run([{ type: 'update/status', status: status('u1', 'failed', { inbox_ref: 'i1', error: 'model down' }) }], running);
    expect(repliesInFlight(failed).get('i1')?.error).toBe('model down');
    const again = run([{ type: 'update/status', status: status('u2', 'running', { inbox_ref: 'i1' }) }], failed);
    expect(repliesInFlight(again).get('i1')?.id).toBe('u2');
    const retried = run([{ type: 'update/status', status: status('u1', 'failed', { inbox_ref: 'i1', retried_by: 'u3' }) }], failed);
    expect(repliesInFlight(retried).size).toBe(0);
  });
});

describe('activityReducer: a clip and files sent from this tab', () => {
  it('stands in for the record with the link until the record arrives', () => {
    const send: ActivityAction = {
      type: 'update/sending',
      send: { kind: 'update', key: 'k1', text: 'For the trip', url: 'https://birding.example/pelicans', files: [{ name: 'map.pdf', kind: 'pdf', size: 2048 }], at },
    };
    const state = run([send, { type: 'update/accepted', key: 'k1', id: 'u1' }]);
    expect(state.updates.u1).toMatchObject({ status: 'queued', text: 'For the trip', url: 'https://birding.example/pelicans' });
    expect(state.local).toEqual([]);
  });
});

describe('transcriptionKey', () => {
  const waiting = { source: 'memo.webm', kind: 'audio' as const, path: 'bucket/memo.webm', awaiting: 'transcriber' as const };

  it('is null until an update shows audio waiting for a transcriber', () => {
    expect(transcriptionKey(run([{ type: 'update/status', status: status('u1', 'done', { captures: [{ ...waiting, awaiting: null }] }) }]))).toBeNull();
    expect(transcriptionKey(run([{ type: 'update/status', status: status('u1', 'done', { captures: [waiting] }) }]))).not.toBeNull();
  });

  it('changes when a transcription ends, so what waits is asked again', () => {
    const before = run([
      { type: 'update/status', status: status('u1', 'done', { captures: [waiting] }) },
      { type: 'update/status', status: status('t1', 'running', { transcribe: { audio: 'bucket/memo.webm', of: 'u1' } }) },
    ]);
    const after = run([{ type: 'update/status', status: status('t1', 'done', { transcribe: { audio: 'bucket/memo.webm', of: 'u1' } }) }], before);
    expect(transcriptionKey(after)).not.toBe(transcriptionKey(before));
  });
});
