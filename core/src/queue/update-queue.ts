import { createHash } from 'node:crypto';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createCallBudget, MAX_MODEL_CALLS_PER_UPDATE, type Agents, type UpdateInput } from '../agents/index.js';
import type { EventBus } from '../events/index.js';
import { isModelError } from '../llm/index.js';
import type { Logger } from '../logger.js';
import { describeStorageError, isStorageError, journaledWriter, readJournal, type UpdateJournal, type UpdateJournals, type VaultTurns, type VaultWriter } from '../vault/index.js';
import { FINAL_STATUSES, publicView, type FileChange, type NewUpdate, type Retrying, type UpdateRecord, type UpdateStore } from '../records/index.js';
import { recordSteps } from './update-steps.js';

export interface RetryPolicy {
  /** Attempts per update, the first included. */
  attempts: number;
  /** Backoff before attempt n+1 is baseDelayMs * 4^(n-1). */
  baseDelayMs: number;
}

/** The vault's history: told what a finished run changed, and handed its journal for the commit. */
export interface RunHistory {
  /** The run's changes, from its journal, before the outcome is saved. */
  changes(journal: UpdateJournal): Promise<FileChange[]>;
  /** The outcome is saved: the history takes the journal over (it is cleared right after). */
  finished(record: UpdateRecord, journal: UpdateJournal): Promise<void>;
}

/** How long an Idempotency-Key names its update (README, HTTP API). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** What a retried POST must repeat exactly for its Idempotency-Key to name the same update. */
function fingerprintOf(update: NewUpdate): string {
  const fields = [update.text, update.inboxRef ?? null, ...(update.url ? [update.url] : []), ...(update.transcribe ? [update.transcribe] : [])];
  const hash = createHash('sha256').update(JSON.stringify(fields));
  for (const a of update.attachments) hash.update(`\0${a.mediaType}\0${a.name}\0${a.sha256}`);
  return hash.digest('hex');
}

/** Three attempts, 2 s then 8 s apart; the call budget caps what they cost together. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 2000 };

export interface QueueStatus {
  /** Accepted updates waiting to run (the running one aside): counted from the moment the service answers. */
  pending: number;
  running: string | null;
  total: number;
  /** How long the running update has shown no sign of progress (no model answer, no tool call). */
  quietMs?: number;
}

export interface UpdateQueue {
  /** Reads the accepted updates from the store (nothing runs yet): counts are right from then on. */
  load(): Promise<void>;
  /** Queues every unfinished update again, in acceptance order (loading the store first if needed). */
  start(): Promise<void>;
  /**
   * Persists the update, then queues it. A known Idempotency-Key (within IDEMPOTENCY_TTL_MS)
   * returns the original; with another body it is a conflict: nothing is accepted.
   */
  submit(update: NewUpdate): Promise<{ record: UpdateRecord; duplicate: boolean; conflict?: true }>;
  get(id: string): UpdateRecord | undefined;
  recent(limit?: number): UpdateRecord[];
  status(): QueueStatus;
  whenIdle(): Promise<void>;
  /**
   * Stops an update the person no longer wants: a queued one never runs; a running one stops at
   * its next step and its changes so far are undone through its journal (files changed by hand
   * since are kept, and listed in the record's `files`). Resolves once the outcome is saved.
   */
  cancel(id: string): Promise<CancelOutcome>;
  /**
   * Changes a kept record as a whole (a forget takes a text out of it, or puts it back): saved
   * and announced. Called in a turn of the vault's, so never while the update runs.
   */
  amend(id: string, change: (record: UpdateRecord) => UpdateRecord): Promise<UpdateRecord | undefined>;
  close(): Promise<void>;
}

export type CancelOutcome = { ok: true; record: UpdateRecord } | { ok: false; error: 'update_not_found' | 'update_finished'; message: string; record?: UpdateRecord };

export function createUpdateQueue(deps: {
  store: UpdateStore;
  agents: Pick<Agents, 'runUpdate' | 'writeFailedItem'>;
  bus: EventBus;
  clock: () => Date;
  log: Logger;
  /** Where a run's vault changes are recorded, so an interrupted run can be undone first. */
  journals: Pick<UpdateJournals, 'of' | 'open' | 'close'>;
  /** One update at a time, and never while an undo or a restore changes the vault. */
  turns: Pick<VaultTurns, 'add' | 'open' | 'whenIdle' | 'clear' | 'onIdle'>;
  retry?: RetryPolicy;
  history?: RunHistory;
  /**
   * Once a retry has an outcome (done, inbox, or failed with its own inbox item), the inbox item
   * the failed update left is removed, inside the retry's run: it is in the retry's commit and
   * undoing the retry brings it back. Returns the paths removed.
   */
  clearFailedItem?: (failed: UpdateRecord, writer: VaultWriter) => Promise<string[]>;
}): UpdateQueue {
  const retry = deps.retry ?? DEFAULT_RETRY;
  // One update at a time (the agent reasons over the whole vault and must see each result), in the vault's turns.
  const turns = deps.turns;
  const records = new Map<string, UpdateRecord>();
  const byKey = new Map<string, string>();
  let running: string | null = null;
  /** When the running update last showed progress (started, a tool call, a retry). */
  let lastActivity = 0;
  /** The running update's stop switch and the promise of its end. */
  let current: { id: string; stop: AbortController; ended: Promise<void> } | undefined;
  let closed = false;
  let loaded: Promise<UpdateRecord[]> | undefined;
  // Ids and order come from the store: nothing is accepted before it has been loaded.
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));

  const announce = (record: UpdateRecord) => deps.bus.publish({ type: 'update_status', data: publicView(record) as { id: string; status: string } });

  async function save(record: UpdateRecord): Promise<void> {
    records.set(record.id, record);
    await deps.store.save(record);
    announce(record);
  }

  /**
   * A run's last word: its outcome saved, its journal handed to the history, and only then shown.
   * Whoever sees the final status (a client polling, the undo it sends next) finds the run's
   * commit in the history or queued ahead of anything it asks of it.
   */
  async function finish(record: UpdateRecord, journal: UpdateJournal): Promise<void> {
    await deps.store.save(record);
    await deps.history?.finished(record, journal);
    records.set(record.id, record);
    announce(record);
    await journal.clear();
  }

  function inputOf(record: UpdateRecord, onToolCall?: UpdateInput['onToolCall'], signal?: AbortSignal): UpdateInput {
    return {
      ...(signal ? { signal } : {}),
      id: record.id,
      text: record.text,
      ...(record.inbox_ref ? { inboxRef: record.inbox_ref } : {}),
      ...(record.url ? { url: record.url } : {}),
      ...(record.transcribe ? { transcribe: record.transcribe } : {}),
      attachments: record.attachments.map((a) => ({ name: a.name, kind: a.kind, mediaType: a.mediaType, path: deps.store.attachmentPath(record, a) })),
      receivedAt: record.created,
      ...(onToolCall ? { onToolCall } : {}),
    };
  }

  /** The run's steps are kept on the record in memory as they come (a page opened mid-run sees them). */
  function stepRecorder(id: string) {
    return recordSteps(id, { clock: deps.clock, bus: deps.bus, log: deps.log }, (fields) => {
      lastActivity = deps.clock().getTime();
      const current = records.get(id);
      // A step means the model answered: whatever it was waiting out is over.
      if (current) records.set(id, { ...current, ...fields, retrying: undefined });
    });
  }

  /** A run waiting to try again: shown on the stream (and to a page opened meanwhile), not saved. */
  function markRetrying(id: string, retrying: Retrying): void {
    lastActivity = deps.clock().getTime();
    const current = records.get(id);
    if (!current || current.status !== 'running') return;
    const next = { ...current, retrying };
    records.set(id, next);
    deps.bus.publish({ type: 'update_status', data: publicView(next) as { id: string; status: string } });
  }
  const until = (delayMs: number) => new Date(deps.clock().getTime() + delayMs).toISOString();

  async function clearRetried(record: UpdateRecord, writer: VaultWriter): Promise<string[]> {
    const failed = record.retry_of ? records.get(record.retry_of) : undefined;
    if (!failed || !deps.clearFailedItem) return [];
    const clear = deps.clearFailedItem;
    try {
      return await clear(failed, writer);
    } catch (err) {
      deps.log.warn({ id: record.id, failed: failed.id, err }, 'could not remove the inbox item of the update this one retried');
      return [];
    }
  }

  async function run(id: string): Promise<void> {
    const record = records.get(id);
    if (!record || FINAL_STATUSES.has(record.status) || closed) return;
    const stop = new AbortController();
    const ended = attempt(id, record, stop.signal);
    current = { id, stop, ended };
    try {
      await ended;
    } finally {
      current = undefined;
    }
  }

  async function attempt(id: string, first: UpdateRecord, signal: AbortSignal): Promise<void> {
    let record = first;
    running = id;
    lastActivity = deps.clock().getTime();
    const journal = deps.journals.open(id);
    const writer = journaledWriter(journal);
    // One budget across every attempt: however the model fails, one update makes at most
    // MAX_MODEL_CALLS_PER_UPDATE model requests (transport retries included), then fails into the inbox.
    const budget = createCallBudget(MAX_MODEL_CALLS_PER_UPDATE);
    try {
      for (;;) {
        // A run cut short (crash, kill, model fault) is undone before the update runs again:
        // each update lands in the vault exactly once.
        const undone = await journal.undo();
        if (undone.length) deps.log.info({ id, files: undone }, 'undid the interrupted run of an update');
        record = { ...record, status: 'running', attempts: record.attempts + 1, started: deps.clock().toISOString(), steps: [], step_count: 0 };
        await save(record);
        const recorder = stepRecorder(id);
        try {
          const input: UpdateInput = {
            ...inputOf(record, recorder.onToolCall, signal),
            onRetry: (info) => markRetrying(id, { kind: 'call', error: info.error, until: until(info.delayMs), retry: info.retry, of: info.of }),
          };
          const outcome = await deps.agents.runUpdate(input, { writer, budget });
          const cleared = await clearRetried(record, writer);
          const changes = await deps.history?.changes(journal);
          await finish(
            {
              ...record,
              ...recorder.fields(),
              status: outcome.status,
              files: cleared.length ? [...new Set([...outcome.files, ...cleared])].sort() : outcome.files,
              kept: outcome.kept,
              ...(outcome.summary ? { summary: outcome.summary } : {}),
              ...(outcome.usage ? { usage: outcome.usage } : {}),
              ...(outcome.status === 'inbox' ? { inbox_id: outcome.inboxId } : {}),
              ...(outcome.status === 'done' && outcome.fallback ? { fallback: outcome.fallback } : {}),
              ...(outcome.captures?.length ? { captures: outcome.captures } : {}),
              ...(changes ? { changes } : {}),
              error: undefined,
              finished: deps.clock().toISOString(),
            },
            journal,
          );
          return;
        } catch (err) {
          const message = isStorageError(err) ? describeStorageError(err) : err instanceof Error ? err.message : String(err);
          if (signal.aborted) return await stopped({ ...record, ...recorder.fields() }, journal);
          // Model faults (429, 5xx, timeouts) and a disk that failed may pass with time; anything else fails at once.
          if (((isModelError(err) && err.retryable) || isStorageError(err)) && record.attempts < retry.attempts && !closed) {
            deps.log.warn({ id, attempt: record.attempts, err: message }, 'update failed; retrying');
            const wait = retry.baseDelayMs * 4 ** (record.attempts - 1);
            markRetrying(id, { kind: 'attempt', error: message, until: until(wait), retry: record.attempts, of: retry.attempts - 1 });
            const waited = await delay(wait, true, { signal }).catch(() => false);
            if (!waited) return await stopped({ ...record, ...recorder.fields() }, journal);
            continue;
          }
          // On a full disk the undo itself may fail: what the run wrote then stays until the next start undoes it.
          await journal.undo().catch((undoErr: unknown) => deps.log.error({ id, err: undoErr }, 'could not undo the failed run yet'));
          return await fail({ ...record, ...recorder.fields() }, message, journal);
        }
      }
    } finally {
      running = null;
      deps.journals.close(id);
    }
  }

  /**
   * Stopped by the person: what the run changed is undone (a file changed by hand since is kept
   * and listed), its input stays in the state dir for a retry.
   */
  async function stopped(record: UpdateRecord, journal: UpdateJournal): Promise<void> {
    const touched = [...new Set((await readJournal(journal.dir)).map((e) => path.relative(journal.root, e.abs)))];
    const undone = new Set(await journal.undo());
    const kept = touched.filter((rel) => !undone.has(rel)).sort();
    deps.log.info({ id: record.id, undone: [...undone], kept }, 'update stopped by the person; its changes were undone');
    const said = undone.size === 0 ? 'nothing it had changed needed undoing' : `undid its changes to ${[...undone].sort().join(', ')}`;
    await finish(
      {
        ...record,
        status: 'cancelled',
        files: kept,
        summary: `Stopped before it finished; ${said}.${kept.length ? ` Kept as they are, because they changed since: ${kept.join(', ')}.` : ''}`,
        error: undefined,
        finished: deps.clock().toISOString(),
      },
      journal,
    );
  }

  /** Out of attempts: the update lands in the inbox as a failed item with its raw input. */
  async function fail(record: UpdateRecord, error: string, journal: UpdateJournal): Promise<void> {
    deps.log.error({ id: record.id, err: error }, 'update failed');
    const writer = journaledWriter(journal);
    let inboxId: string | undefined;
    try {
      inboxId = await deps.agents.writeFailedItem(inputOf(record), error, writer);
    } catch (err) {
      deps.log.error({ id: record.id, err }, 'could not write the failed update to the inbox; its input stays in the state dir');
    }
    // The input now waits in this update's own item: the older item of the same input goes.
    const cleared = inboxId ? await clearRetried(record, writer) : [];
    await finish(
      {
        ...record,
        status: 'failed',
        error,
        ...(inboxId ? { inbox_id: inboxId } : {}),
        ...(cleared.length ? { files: cleared } : {}),
        finished: deps.clock().toISOString(),
      },
      journal,
    );
  }

  function enqueue(record: UpdateRecord): void {
    void turns.add(() => run(record.id)).catch((err: unknown) => deps.log.error({ err, id: record.id }, 'queue run crashed'));
  }

  function load(): Promise<UpdateRecord[]> {
    loaded ??= deps.store.load().then((all) => {
      for (const record of all) {
        records.set(record.id, record);
        if (record.idempotency_key) byKey.set(record.idempotency_key, record.id);
      }
      return all;
    });
    return loaded;
  }

  return {
    load: async () => void (await load()),
    async start() {
      for (const record of await load()) {
        // Finished just before a crash: the history takes what it had not yet, then the journal goes.
        if (FINAL_STATUSES.has(record.status)) {
          const journal = deps.journals.of(record.id);
          await deps.history?.finished(record, journal);
          await journal.clear();
        }
      }
      const unfinished = [...records.values()].filter((r) => !FINAL_STATUSES.has(r.status));
      if (unfinished.length) deps.log.info({ count: unfinished.length }, 'resuming unfinished updates');
      for (const record of unfinished) enqueue(record);
      markStarted();
      turns.open();
    },
    async submit(update) {
      await started;
      const knownId = update.idempotencyKey ? byKey.get(update.idempotencyKey) : undefined;
      const known = knownId ? records.get(knownId) : undefined;
      const fingerprint = update.idempotencyKey ? fingerprintOf(update) : undefined;
      // A key is remembered for a day: a retry comes within minutes, a reuse much later is new.
      if (known && deps.clock().getTime() - Date.parse(known.created) < IDEMPOTENCY_TTL_MS) {
        // Records from before fingerprints were kept match on the key alone, as they always did.
        if (known.idempotency_hash && known.idempotency_hash !== fingerprint) return { record: known, duplicate: false, conflict: true };
        return { record: known, duplicate: true };
      }
      const record = await deps.store.create({ ...update, ...(fingerprint && { idempotencyHash: fingerprint }) });
      records.set(record.id, record);
      if (record.idempotency_key) byKey.set(record.idempotency_key, record.id);
      const retried = record.retry_of ? records.get(record.retry_of) : undefined;
      if (retried) await save({ ...retried, retried_by: record.id });
      deps.bus.publish({ type: 'update_status', data: publicView(record) as { id: string; status: string } });
      enqueue(record);
      return { record, duplicate: false };
    },
    get: (id) => records.get(id),
    async amend(id, change) {
      const record = records.get(id);
      if (!record) return undefined;
      const changed = change(record);
      await save(changed);
      return changed;
    },
    recent(limit = 50) {
      return [...records.values()].sort((a, b) => b.seq - a.seq).slice(0, limit);
    },
    status: () => {
      let pending = 0;
      for (const record of records.values()) if (!FINAL_STATUSES.has(record.status) && record.id !== running) pending++;
      return { pending, running, total: records.size, ...(running ? { quietMs: deps.clock().getTime() - lastActivity } : {}) };
    },
    async whenIdle() {
      await started;
      await turns.whenIdle();
    },
    async cancel(id) {
      await started;
      const record = records.get(id);
      if (!record) return { ok: false, error: 'update_not_found', message: 'no update with that id' };
      if (current?.id === id) {
        current.stop.abort();
        await current.ended;
      } else if (record.status === 'queued') {
        // Its turn in the queue comes and goes: run() skips a finished record.
        await save({ ...record, status: 'cancelled', summary: 'Cancelled before it started; nothing was changed.', finished: deps.clock().toISOString() });
      }
      const now = records.get(id) as UpdateRecord;
      if (now.status === 'cancelled') return { ok: true, record: now };
      return { ok: false, error: 'update_finished', message: `update ${id} is ${now.status}; only a queued or running update can be stopped`, record: now };
    },
    async close() {
      closed = true;
      turns.clear();
      // Let the running update finish if it can; cut off, it is undone and rerun at next start.
      const timeout = new AbortController();
      await Promise.race([turns.onIdle(), delay(5000, undefined, { signal: timeout.signal }).catch(() => undefined)]);
      timeout.abort();
    },
  };
}
