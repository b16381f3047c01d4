import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractReply, ExtractRequest, PdfLimits } from './extract-protocol.js';
import type { Article, Extraction, Extractor, PdfText } from './types.js';

export interface ExtractorLimits {
  /** One task's time, from when it starts (a queued task's wait does not count). */
  taskMs: number;
  /** The thread's heap: past it the thread dies, the service does not. */
  heapMb: number;
  pdf: PdfLimits;
  /** An idle thread ends after this: its ~30 MB of parsers are not kept for nothing. */
  idleMs: number;
}

/**
 * 60 s and 512 MB are far beyond what a 100-page PDF or a long article needs (a second or two,
 * tens of MB) and bound what a hostile one can take. 2,000 pages and 4 million characters keep a
 * book whole and stop a PDF of 100,000 empty pages early.
 */
export const EXTRACT_LIMITS: ExtractorLimits = { taskMs: 60_000, heapMb: 512, pdf: { pages: 2_000, chars: 4_000_000 }, idleMs: 30_000 };

type Pending = { request: ExtractRequest; resolve: (reply: ExtractReply) => void };

function threadEntry(): { file: string; execArgv: string[] } {
  // From the sources (tests), the thread loads TypeScript through tsx, as the search worker does.
  if (import.meta.url.endsWith('.ts')) return { file: fileURLToPath(new URL('./extract-thread.ts', import.meta.url)), execArgv: ['--import', import.meta.resolve('tsx')] };
  return { file: fileURLToPath(new URL('./extract-thread.js', import.meta.url)), execArgv: [] };
}

/**
 * Runs extractions one at a time in a worker thread of its own, started on first use. Each task
 * has its own deadline from when it starts; a task past it (a PDF built to hang the parser) or a
 * thread out of memory ends the thread, answers that task with why, and the next task gets a new
 * thread. The caller's event loop never parses anything.
 */
export function createExtractor(limits: Partial<ExtractorLimits> = {}): Extractor {
  const budget = { ...EXTRACT_LIMITS, ...limits, pdf: { ...EXTRACT_LIMITS.pdf, ...limits.pdf } };
  const queue: Pending[] = [];
  let thread: Worker | undefined;
  let current: (Pending & { timer: NodeJS.Timeout; worker: Worker }) | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  function finish(reply: ExtractReply): void {
    if (!current || reply.id !== current.request.id) return;
    clearTimeout(current.timer);
    const done = current;
    current = undefined;
    done.resolve(reply);
    pump();
  }

  function spawn(): Worker {
    const entry = threadEntry();
    const worker = new Worker(entry.file, { name: 'knower-extract', execArgv: entry.execArgv, resourceLimits: { maxOldGenerationSizeMb: budget.heapMb } });
    worker.on('message', finish);
    // Only the task running on this thread fails with it: a thread ended for running over may
    // report its exit after the next task has started on a new one.
    worker.on('error', (err) => {
      if (current?.worker === worker)
        finish({
          id: current.request.id,
          ok: false,
          code: /memory/i.test(err.message) ? 'too_large' : 'unreadable',
          message: `the reader stopped: ${err.message.slice(0, 200)}`,
          stopped: true,
        });
    });
    worker.on('exit', () => {
      if (thread === worker) thread = undefined;
      if (current?.worker === worker) finish({ id: current.request.id, ok: false, code: 'unreadable', message: 'the reader stopped', stopped: true });
    });
    worker.unref();
    return worker;
  }

  function pump(): void {
    if (current || closed) return;
    const next = queue.shift();
    if (!next) {
      clearTimeout(idle);
      idle = setTimeout(() => void thread?.terminate(), budget.idleMs).unref();
      return;
    }
    clearTimeout(idle);
    const worker = (thread ??= spawn());
    const timer = setTimeout(() => {
      if (thread === worker) thread = undefined;
      finish({ id: next.request.id, ok: false, code: 'timeout', message: `reading it took longer than ${Math.round(budget.taskMs / 1000)} s` });
      void worker.terminate();
    }, budget.taskMs);
    current = { ...next, timer, worker };
    worker.postMessage(next.request, [next.request.bytes]);
  }

  function run<T>(make: (id: number) => ExtractRequest): Promise<Extraction<T>> {
    if (closed) return Promise.resolve({ ok: false, code: 'unreadable', message: 'the service is stopping' });
    return new Promise((resolve) => {
      queue.push({ request: make(nextId++), resolve: (reply) => resolve(reply as Extraction<T>) });
      pump();
    });
  }

  /** A copy the thread can own: the caller's buffer may be a view into a larger one. */
  const transferable = (bytes: Buffer) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

  return {
    article: (html, url, contentType) => run<Article>((id) => ({ id, op: 'article', bytes: transferable(html), url, contentType })),
    pdf: (bytes) => run<PdfText>((id) => ({ id, op: 'pdf', bytes: transferable(bytes), limits: budget.pdf })),
    async close() {
      closed = true;
      clearTimeout(idle);
      for (const pending of queue.splice(0)) pending.resolve({ id: pending.request.id, ok: false, code: 'unreadable', message: 'the service is stopping' });
      await thread?.terminate();
    },
  };
}
