/**
 * The paths waiting for the job to look at them: queued now, or settling (looked at once quiet).
 * A path queued on its first change after being quiet is marked a first look: what that look
 * finds may be mid-save.
 */
export class LookQueue {
  private readonly pending = new Set<string>();
  private readonly settling = new Map<string, NodeJS.Timeout>();
  private readonly firstLooks = new Set<string>();

  constructor(
    private readonly quietMs: number,
    /** A path was queued: the job drains the queue. */
    private readonly onQueued: () => void,
  ) {}

  now(rel: string, opts: { first?: boolean } = {}): void {
    if (opts.first) this.firstLooks.add(rel);
    this.pending.add(rel);
    this.onQueued();
  }

  /** Looks at a path once it has been quiet for the quiet period (a newer change restarts the wait). */
  later(rel: string): void {
    clearTimeout(this.settling.get(rel));
    this.settling.set(
      rel,
      setTimeout(() => {
        this.settling.delete(rel);
        this.now(rel);
      }, this.quietMs),
    );
  }

  /** Everything queued now, and which of it is a first look. */
  take(): { batch: string[]; firstLook: string[] } {
    const batch = [...this.pending];
    this.pending.clear();
    return { batch, firstLook: batch.filter((rel) => this.firstLooks.delete(rel)) };
  }

  isSettling(rel: string): boolean {
    return this.settling.has(rel);
  }

  /** A look at this path is queued or settling. */
  isComing(rel: string): boolean {
    return this.settling.has(rel) || this.pending.has(rel);
  }

  /** Paths queued now. */
  get queued(): number {
    return this.pending.size;
  }

  /** Paths queued or settling. */
  get size(): number {
    return this.pending.size + this.settling.size;
  }

  close(): void {
    for (const timer of this.settling.values()) clearTimeout(timer);
    this.settling.clear();
  }
}
