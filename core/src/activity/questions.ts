import type { Agents, SearchAnswer, AnswerRequest } from '../agents/index.js';
import type { EventBus } from '../events/index.js';
import { isModelError } from '../llm/index.js';
import type { Logger } from '../logger.js';
import { stepOf } from '../queue/index.js';
import type { QuestionRecord } from './question-record.js';
import type { QuestionStore } from './question-store.js';

/** A question's outcome: the answer, or a failure the route reports (the question is kept either way). */
export type Asked =
  | { ok: true; record: QuestionRecord; answer: SearchAnswer }
  | { ok: false; record: QuestionRecord; error: 'model_unavailable' | 'cancelled'; message: string }
  /** Refused before anything was kept. */
  | { ok: false; record?: undefined; error: 'empty_query'; message: string };

export type RetryRefusal = { ok: false; error: 'question_not_found' | 'question_not_failed'; message: string };
export type CancelRefusal = { ok: false; error: 'question_not_found' | 'question_not_pending'; message: string };

const INTERRUPTED = 'Knower stopped before the answer was ready.';
const CANCELLED = 'You stopped this question before the answer was ready.';

/**
 * Questions asked through `POST /search` or MCP `ask` (one door, so each is kept and shown in
 * Activity wherever it was asked): each is on disk before the search agent starts, and
 * keeps its answer or its error. Questions left pending by a stop are marked interrupted at start.
 */
export function createQuestions(deps: { store: QuestionStore; agents: Pick<Agents, 'answer'>; bus: EventBus; clock: () => Date; log: Logger }) {
  const records = new Map<string, QuestionRecord>();
  /** Questions being answered: their stop switch and the promise of their outcome. */
  const running = new Map<string, { stop: AbortController; outcome: Promise<unknown> }>();
  const now = () => deps.clock().toISOString();

  async function save(record: QuestionRecord): Promise<QuestionRecord> {
    records.set(record.id, record);
    await deps.store.save(record);
    deps.bus.publish({ type: 'question_status', data: { ...record } });
    return record;
  }

  const loaded = (async () => {
    for (const record of await deps.store.load()) {
      records.set(record.id, record);
      if (record.status === 'pending') await save({ ...record, status: 'failed', error: INTERRUPTED, error_code: 'interrupted', finished: now() });
    }
  })().catch((err: unknown) => deps.log.error({ err }, 'could not load the questions asked before'));

  async function ask(req: AnswerRequest, retryOf?: QuestionRecord): Promise<Asked> {
    if (!req.query.trim()) return { ok: false, error: 'empty_query', message: 'the question is empty' };
    await loaded;
    const record = await save({
      id: deps.store.newId(deps.clock()),
      query: req.query,
      mode: req.mode ?? 'fast',
      ...(req.scope ? { scope: req.scope } : {}),
      status: 'pending',
      created: now(),
      ...(retryOf ? { retry_of: retryOf.id } : {}),
    });
    if (retryOf) await save({ ...retryOf, retried_by: record.id });
    const stop = new AbortController();
    const outcome = answer(record, req, stop.signal);
    running.set(record.id, { stop, outcome });
    try {
      return await outcome;
    } finally {
      running.delete(record.id);
    }
  }

  async function answer(record: QuestionRecord, req: AnswerRequest, signal: AbortSignal): Promise<Asked> {
    try {
      // A retry after a model fault is shown as it happens; the saved record never holds it.
      const onRetry = (info: { retry: number; of: number; delayMs: number; error: string }) =>
        deps.bus.publish({
          type: 'question_status',
          data: { ...record, retrying: { kind: 'call', error: info.error, until: new Date(deps.clock().getTime() + info.delayMs).toISOString(), retry: info.retry, of: info.of } },
        });
      const answer = await deps.agents.answer({ ...req, onToolCall: stepsOf(record.id), signal, onRetry });
      const { markdown, sources, mode, degraded, offline } = answer;
      const kept = { markdown, sources, mode, ...(degraded ? { degraded } : {}), ...(offline ? { offline } : {}) };
      return { ok: true, record: await save({ ...record, status: 'answered', answer: kept, finished: now() }), answer };
    } catch (err) {
      if (signal.aborted) {
        const stopped = await save({ ...record, status: 'failed', error: CANCELLED, error_code: 'cancelled', finished: now() });
        return { ok: false, record: stopped, error: 'cancelled', message: CANCELLED };
      }
      const message = err instanceof Error ? err.message : String(err);
      // A model fault is an expected outcome (the route answers 503); anything else is a bug, kept and rethrown.
      const failed = await save({ ...record, status: 'failed', error: message, error_code: isModelError(err) ? 'model_unavailable' : 'internal', finished: now() });
      if (!isModelError(err)) throw err;
      return { ok: false, record: failed, error: 'model_unavailable', message: `the model could not answer: ${message}` };
    }
  }

  /** Each tool call of the question's search agent, published as it happens (`question_step`) so a client can show progress. */
  function stepsOf(id: string): NonNullable<AnswerRequest['onToolCall']> {
    let n = 0;
    return (call, result) => {
      try {
        deps.bus.publish({ type: 'question_step', data: { id, step: stepOf(++n, deps.clock(), call, result) } });
      } catch (err) {
        deps.log.warn({ id, err }, 'could not publish a question step');
      }
    };
  }

  return {
    ask: (req: AnswerRequest) => ask(req),
    /** Asks a failed question again, as a new question linked to it. */
    async retry(id: string): Promise<Asked | RetryRefusal> {
      await loaded;
      const record = records.get(id);
      if (!record) return { ok: false, error: 'question_not_found', message: 'no question with that id' };
      if (record.status !== 'failed') return { ok: false, error: 'question_not_failed', message: `question ${id} is ${record.status}; only a failed question is asked again` };
      return ask({ query: record.query, mode: record.mode, ...(record.scope ? { scope: record.scope } : {}) }, record);
    },
    /** Stops a question being answered; resolves with its record once it is saved as stopped (or answered, if it was faster). */
    async cancel(id: string): Promise<{ ok: true; record: QuestionRecord } | CancelRefusal> {
      await loaded;
      const record = records.get(id);
      if (!record) return { ok: false, error: 'question_not_found', message: 'no question with that id' };
      const run = running.get(id);
      if (!run) return { ok: false, error: 'question_not_pending', message: `question ${id} is ${record.status}; only a question being answered can be stopped` };
      run.stop.abort();
      await run.outcome.catch(() => undefined);
      return { ok: true, record: records.get(id) as QuestionRecord };
    },
    get: (id: string) => records.get(id),
    /** Changes a kept question as a whole (a forget takes a text out of it, or puts it back): saved and announced. */
    async amend(id: string, change: (record: QuestionRecord) => QuestionRecord): Promise<QuestionRecord | undefined> {
      await loaded;
      const record = records.get(id);
      return record ? save(change(record)) : undefined;
    },
    /** Resolves once the questions being answered now have their outcome (a forget then finds them as they are kept). */
    async settled(): Promise<void> {
      await Promise.all([...running.values()].map((run) => run.outcome.catch(() => undefined)));
    },
    /** Every question, oldest first. */
    async all(): Promise<QuestionRecord[]> {
      await loaded;
      return [...records.values()];
    },
  };
}

export type Questions = ReturnType<typeof createQuestions>;
