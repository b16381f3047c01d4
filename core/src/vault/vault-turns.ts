import PQueue from 'p-queue';

/**
 * One turn at a time for whatever changes the vault on the person's behalf: an update's run, an
 * undo, a restore. They never race each other. The update runner queues its runs with `add` (the
 * runs a stop left are queued before the turns open); anything else waits for `open` and then
 * takes the next turn with `run`.
 */
export class VaultTurns {
  private readonly queue = new PQueue({ concurrency: 1 });
  private markOpen: () => void = () => undefined;
  private readonly opened = new Promise<void>((resolve) => (this.markOpen = resolve));

  /** Queues `fn` now (the update runner's runs, in acceptance order). */
  add<T>(fn: () => Promise<T>): Promise<T> {
    return this.queue.add(fn);
  }

  /** Takes the next turn once the turns are open: after the updates a stop left are queued again. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.opened;
    return this.add(fn);
  }

  open(): void {
    this.markOpen();
  }

  async whenIdle(): Promise<void> {
    await this.opened;
    await this.queue.onIdle();
  }

  /** Drops the turns not yet taken (at close: a dropped update runs again at the next start). */
  clear(): void {
    this.queue.clear();
  }

  /** Resolves once the turn under way, if any, has ended. */
  onIdle(): Promise<void> {
    return this.queue.onIdle();
  }
}
