/** Below this many paths the record is never pruned: pruning walks all of it. */
const PRUNE_FLOOR = 10_000;

/** When each path last changed on disk: how long it has been quiet. Paths long quiet are pruned. */
export class ChangeTimes {
  private readonly last = new Map<string, number>();
  private pruneAt = PRUNE_FLOOR;

  constructor(
    private readonly quietMs: number,
    /** A path kept whatever its age (a stamp still waits on it). */
    private readonly keep: (rel: string) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  changed(rel: string): void {
    const now = this.now();
    this.last.set(rel, now);
    if (this.last.size <= this.pruneAt) return;
    for (const [path, at] of this.last) if (now - at >= this.quietMs && !this.keep(path)) this.last.delete(path);
    // Pruned again only once it has doubled: a burst of many new paths stays linear.
    this.pruneAt = Math.max(PRUNE_FLOOR, this.last.size * 2);
  }

  /** Milliseconds since the path last changed; Infinity for a path not seen changing (or pruned). */
  quietFor(rel: string): number {
    return this.now() - (this.last.get(rel) ?? -Infinity);
  }

  get size(): number {
    return this.last.size;
  }
}
