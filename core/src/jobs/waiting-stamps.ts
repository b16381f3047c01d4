import type { StampTask } from './stamp-note.js';

/** A stamp that waits for its note to be quiet; no timer while a newer change is being looked at. */
interface WaitingStamp {
  task: StampTask;
  timer: NodeJS.Timeout | undefined;
}

export interface WaitingStampsDeps {
  quietMs: number;
  /** Milliseconds since the note last changed on disk. */
  quietFor: (rel: string) => number;
  /** A newer change of the note is on its way through the worker: its pass picks the stamp up. */
  lookComing: (rel: string) => boolean;
  /** The note stayed quiet: stamp it now. */
  due: (task: StampTask) => void;
}

/**
 * The stamps waiting for their notes to be quiet: a note is stamped only once nobody has saved
 * it for the quiet period, so the job's rewrite never races someone typing or saving in bursts.
 */
export class WaitingStamps {
  private readonly waiting = new Map<string, WaitingStamp>();

  constructor(private readonly deps: WaitingStampsDeps) {}

  /**
   * The stamps of notes that are quiet go ahead; the others wait out the rest of the quiet
   * period. A note looked at again while its stamp waits keeps the body its stamp compares with
   * (the body when the job last stamped), so a change in between still moves `updated`.
   */
  ready(tasks: StampTask[], batch: string[]): StampTask[] {
    const byPath = new Map(tasks.map((task) => [task.rel, task]));
    for (const rel of batch) {
      const held = this.waiting.get(rel);
      if (!held) continue;
      clearTimeout(held.timer);
      this.waiting.delete(rel);
      const task = byPath.get(rel);
      byPath.set(rel, task ? { ...task, previousBody: held.task.previousBody } : held.task);
    }
    const ready: StampTask[] = [];
    for (const task of byPath.values()) {
      const rest = this.deps.quietMs - this.deps.quietFor(task.rel);
      if (rest <= 0) ready.push(task);
      else this.wait(task, rest);
    }
    return ready;
  }

  /** A newer change of the note is settling: its stamp waits for that change's pass instead. */
  pause(rel: string): void {
    const held = this.waiting.get(rel);
    if (!held) return;
    clearTimeout(held.timer);
    held.timer = undefined;
  }

  has(rel: string): boolean {
    return this.waiting.has(rel);
  }

  get size(): number {
    return this.waiting.size;
  }

  clear(): void {
    for (const held of this.waiting.values()) clearTimeout(held.timer);
    this.waiting.clear();
  }

  private wait(task: StampTask, ms: number): void {
    const held: WaitingStamp = { task, timer: undefined };
    held.timer = setTimeout(() => {
      held.timer = undefined;
      if (this.deps.lookComing(task.rel)) return;
      this.waiting.delete(task.rel);
      this.deps.due(task);
    }, ms);
    this.waiting.set(task.rel, held);
  }
}
