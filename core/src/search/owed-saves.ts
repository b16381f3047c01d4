/**
 * The saves the index could not take when asked (its worker waits out a back-off, or its file is
 * being replaced): taken once it can, at the worker's restart time if it said one.
 */
export class OwedSaves {
  private readonly owed = new Set<string>();
  private catchUp: NodeJS.Timeout | undefined;

  constructor(
    /** The worker is due back: take what is owed. */
    private readonly due: () => void,
  ) {}

  /** `restartAt`: when the worker starts again, if it said; otherwise the next pass or repair takes them. */
  owe(paths: readonly string[], restartAt: number | undefined): void {
    for (const p of paths) this.owed.add(p);
    if (restartAt === undefined || this.catchUp) return;
    this.catchUp = setTimeout(
      () => {
        this.catchUp = undefined;
        this.due();
      },
      Math.max(0, restartAt - Date.now()),
    );
    this.catchUp.unref();
  }

  /** Everything owed, no longer owed. */
  take(): string[] {
    const paths = [...this.owed];
    this.owed.clear();
    return paths;
  }

  get size(): number {
    return this.owed.size;
  }

  close(): void {
    clearTimeout(this.catchUp);
  }
}
