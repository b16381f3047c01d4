/**
 * The worker process: a Node 22 child of the service where all of the search index's SQLite
 * runs, so a crash in native code cannot take the service down. Its main thread only passes
 * messages: each lane (the indexer, each searcher) is a thread of its own with its own
 * connection, so a long indexing transaction never holds up a search, nor a search indexing.
 * One process instead of one per lane: each Node process costs ~50 MB of resident code and
 * runtime before it does anything; a thread costs ~10 MB.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HostMessage, HostReply, Reply } from './protocol.js';

/** A thread's young generation: what a lane holds lives in SQLite (see WORKER_NODE_FLAGS). */
const YOUNG_GENERATION_MB = 2;

const LANE_ENTRY = fileURLToPath(new URL(`./worker-main${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));

const lanes = new Map<string, Worker>();
/** Every thread not yet ended: the lanes', and those closing or stopped. */
const threads = new Set<Worker>();
const send = (reply: HostReply) => {
  if (process.connected) process.send?.(reply);
};

// What `ps` and `top` show, and the bench's memory breakdown.
process.title = 'knower-index';

/** The lane closes its database, then its thread ends. */
const close = (thread: Worker) => thread.postMessage({ id: 0, op: 'close' });

function start(lane: string, entry = LANE_ENTRY): Worker {
  const thread = new Worker(entry, { name: lane, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  lanes.set(lane, thread);
  threads.add(thread);
  thread.on('message', (reply: Reply) => send({ lane, reply }));
  let error = '';
  thread.on('error', (err) => {
    error = err.message;
  });
  thread.once('exit', (code) => {
    threads.delete(thread);
    if (lanes.get(lane) === thread) lanes.delete(lane);
    send({ lane, ended: error ? `${String(code)}: ${error}` : String(code) });
  });
  return thread;
}

process.on('message', (msg: HostMessage) => {
  if ('request' in msg) {
    (lanes.get(msg.lane) ?? start(msg.lane, msg.entry)).postMessage(msg.request);
    return;
  }
  const thread = lanes.get(msg.lane);
  if (!thread) return;
  lanes.delete(msg.lane);
  // A stopped lane's thread ends as soon as it is back from native code: the search connection's
  // deadline (knower_deadline) brings a runaway SQLite query back within its budget.
  if (msg.end === 'stop') void thread.terminate();
  else close(thread);
});

// The service went away: each lane closes its database (the indexer's close checkpoints the
// log), and the process ends once every thread has, or after two seconds.
process.on('disconnect', () => {
  for (const thread of lanes.values()) close(thread);
  lanes.clear();
  setTimeout(() => process.exit(0), 2_000);
  void Promise.all([...threads].map((thread) => new Promise((resolve) => thread.once('exit', resolve)))).then(() => process.exit(0));
});
