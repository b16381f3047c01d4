import type { Logger } from '../logger.js';
import type { StampTask } from './stamp-note.js';

const STAMP_WORKERS = 4;

export interface StampPoolDeps {
  /** Stamps one note: its path when the job wrote it. */
  stampOne: (task: StampTask) => Promise<string | undefined>;
  /** What a worker wrote, looked at once more (size, times) in one call. */
  lookAgain: (written: string[]) => Promise<void>;
  /** A worker finished: the job may have gone idle. */
  finished: () => void;
  log: Logger;
}

/** The stamps due now, written a few at a time: each write waits on fsync and the swap check, not on the CPU. */
export class StampPool {
  private readonly queue: StampTask[] = [];
  private running = 0;
  private closed = false;

  constructor(private readonly deps: StampPoolDeps) {}

  async stampAll(tasks: StampTask[]): Promise<void> {
    this.queue.push(...tasks);
    const workers = Math.min(STAMP_WORKERS - this.running, this.queue.length);
    await Promise.all(Array.from({ length: Math.max(0, workers) }, () => this.work()));
  }

  /** Stamps queued and not started yet. */
  get backlog(): number {
    return this.queue.length;
  }

  get busy(): boolean {
    return this.running > 0 || this.queue.length > 0;
  }

  /** Drops what is queued; the stamps under way finish, writing nothing more after them. */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
  }

  private async work(): Promise<void> {
    this.running++;
    const written: string[] = [];
    try {
      for (let task = this.queue.shift(); task && !this.closed; task = this.queue.shift()) {
        try {
          const rel = await this.deps.stampOne(task);
          if (rel) written.push(rel);
        } catch (err) {
          this.deps.log.error({ path: task.rel, err }, 'background job could not stamp a note');
        }
      }
      if (written.length > 0 && !this.closed) await this.deps.lookAgain(written);
    } finally {
      this.running--;
      this.deps.finished();
    }
  }
}
