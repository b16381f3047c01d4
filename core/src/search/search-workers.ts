import type { SearchLog } from './search-log.js';
import { createLaneQueue, type QueueBounds } from './lane-queue.js';
import type { WorkerCall, WorkerClient } from './worker-client.js';
import { isDamage, type DescribeArgs, type SearchArgs, type SearchOutcome, type WorkerHit } from './worker/protocol.js';

export interface SearchWorkersStatus {
  /** Why searching is degraded right now: a search is running past its normal time. */
  slow?: string;
  /** Searches stopped at their budget since start. */
  overruns: number;
  lastOverrun?: { at: string; query: string; ms: number };
  starts: number;
  /** Search workers running now (threads of the worker process). */
  running: number;
  /** Searches waiting for a search worker, every one being busy. */
  queued: number;
}

export interface SearchWorkers {
  search(args: SearchArgs): Promise<WorkerCall<SearchOutcome>>;
  describe(args: DescribeArgs): Promise<WorkerCall<WorkerHit[]>>;
  status(): SearchWorkersStatus;
  /** Ends every worker's thread (each starts again with the next search, opening the index anew). */
  restart(why: string): void;
  close(): Promise<void>;
}

export interface SearchWorkersOptions {
  /** One client per search worker: a lane of the worker process (its thread starts on first use). */
  clients: WorkerClient[];
  /** Past this a search is slow: logged, and /health is degraded until it ends. */
  slowMs: number;
  /** Past this a search is stopped: its worker's thread is ended (and SQLite interrupts its ranking, see knower_deadline). */
  budgetMs: number;
  log: SearchLog;
  /** A worker left idle this long exits while another one runs (the second is there for busy moments). */
  spareIdleMs?: number;
  /** How long, and how many, searches may wait for a worker while every one is busy. */
  queue?: Partial<QueueBounds>;
  /** Told when SQLite finds the index damaged under a search (the engine rebuilds it). */
  onDamage?: (why: string) => void;
  clock?: () => number;
}

/** Each search worker's thread holds ~15-40 MB at 100k notes: the second one goes once the burst that needed it is over. */
const SPARE_IDLE_MS = 30_000;
/**
 * A search waits this long for a worker at most: four budgets' worth, as long as a person or
 * an agent waits for an answer; past it, or with this many already waiting, it is answered at
 * once without running (a burst of heavy searches is then felt as a refusal, not a pile-up).
 */
const QUEUE_BOUNDS: QueueBounds = { waitMs: 20_000, maxWaiting: 64 };

const shorten = (q: string) => (q.length > 80 ? `${q.slice(0, 77)}…` : q);

/** What SQLite said, when it found the index damaged under a search (opening it, or in a query). */
function damageOf(res: WorkerCall<unknown>): string | undefined {
  if (!res.ok) return isDamage(res.code) ? res.error : undefined;
  const outcome = res.value as Partial<Extract<SearchOutcome, { ok: false }>>;
  return outcome.ok === false && outcome.damaged ? outcome.error : undefined;
}

/**
 * Searches run on their own threads of the worker process, apart from the one that indexes: a
 * slow search never holds up indexing, and a second worker answers while the first is busy (and
 * ends once it has been idle a while, the first still running). A worker runs one search at a
 * time: the others wait their turn here (lane-queue.ts), not in its thread. Each search has a
 * time budget from when it is sent to its worker; past it the worker is stopped (the next
 * search starts another), the caller gets a degraded answer at once, and the overrun is logged.
 */
export function createSearchWorkers(opts: SearchWorkersOptions): SearchWorkers {
  const now = opts.clock ?? Date.now;
  const running = new Map<number, { query: string; started: number; slow: boolean }>();
  let nextCall = 1;
  let overruns = 0;
  let lastOverrun: SearchWorkersStatus['lastOverrun'];
  const idleTimers = new Map<WorkerClient, NodeJS.Timeout>();
  let slowRankingTold = false;
  const queue = createLaneQueue(opts.clients, { ...QUEUE_BOUNDS, ...opts.queue });

  /** Once `client` has been idle a while, it exits if another worker is running to answer. */
  function retireWhenIdle(client: WorkerClient): void {
    clearTimeout(idleTimers.get(client));
    const timer = setTimeout(() => {
      idleTimers.delete(client);
      if (!queue.holds(client) && client.inFlight === 0 && opts.clients.some((c) => c !== client && c.pid !== undefined)) client.retire();
    }, opts.spareIdleMs ?? SPARE_IDLE_MS);
    timer.unref();
    idleTimers.set(client, timer);
  }

  async function budgeted<T>(query: string, call: (client: WorkerClient, onSent: () => void) => Promise<WorkerCall<T>>, retry = true): Promise<WorkerCall<T>> {
    const got = await queue.acquire();
    if (!got.ok) return { ok: false, error: got.error };
    const client = got.lane;
    const id = nextCall++;
    const entry = { query, started: now(), slow: false };
    let slowTimer: NodeJS.Timeout | undefined;
    let budgetTimer: NodeJS.Timeout | undefined;
    let stopped = false;
    // The clock starts when the query reaches its worker, idle and started: waiting for one, or
    // for its thread to start, is not the query's time.
    const onSent = () => {
      entry.started = now();
      running.set(id, entry);
      slowTimer = setTimeout(() => {
        entry.slow = true;
        opts.log('warn', 'a search is running past its normal time', { query: shorten(query), ms: opts.slowMs });
      }, opts.slowMs);
      budgetTimer = setTimeout(() => {
        stopped = true;
        overruns++;
        lastOverrun = { at: new Date().toISOString(), query: shorten(query), ms: now() - entry.started };
        opts.log('error', 'a search ran past its budget; its worker was stopped', { query: shorten(query), budgetMs: opts.budgetMs });
        client.stop(`the search ran past its ${opts.budgetMs} ms budget and was stopped`);
      }, opts.budgetMs);
    };
    const res = await call(client, onSent);
    clearTimeout(slowTimer);
    clearTimeout(budgetTimer);
    running.delete(id);
    queue.release(client);
    retireWhenIdle(client);
    const slowRanking = client.opened?.slowRanking;
    if (slowRanking && !slowRankingTold) {
      slowRankingTold = true;
      opts.log('warn', "search ranks with SQLite's own bm25(): same results, slower on common words", { reason: slowRanking });
    }
    const damage = damageOf(res);
    if (damage !== undefined) opts.onDamage?.(damage);
    if (!res.ok && stopped) return { ...res, timedOut: true };
    // A worker process that crashed under this search is replaced: ask again, once.
    if (!res.ok && retry && /exited/.test(res.error)) return budgeted(query, call, false);
    return res;
  }

  return {
    search: (args) => budgeted(args.query, (c, onSent) => c.call('search', args, { onSent })),
    describe: (args) => budgeted(args.query, (c, onSent) => c.call('describe', args, { onSent })),
    status() {
      const slow = [...running.values()].find((r) => r.slow);
      return {
        ...(slow && { slow: `a search has been running for ${Math.round((now() - slow.started) / 100) / 10} s ("${shorten(slow.query)}"); it is stopped at ${opts.budgetMs / 1000} s` }),
        overruns,
        ...(lastOverrun && { lastOverrun }),
        starts: opts.clients.reduce((n, c) => n + c.starts, 0),
        running: opts.clients.filter((c) => c.pid !== undefined).length,
        queued: queue.waiting,
      };
    },
    restart(why) {
      for (const client of opts.clients) client.stop(why);
    },
    close: async () => {
      queue.close();
      for (const timer of idleTimers.values()) clearTimeout(timer);
      await Promise.all(opts.clients.map((c) => c.close()));
    },
  };
}
