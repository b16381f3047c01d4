/**
 * Records what a run changes in the vault, before it changes it, so an interrupted run can be
 * undone before it runs again (an update is carried out exactly once, even across a crash).
 */
export interface WriteJournal {
  /** Must be durable when it resolves: the change follows at once. Returns the entry's number. */
  record(abs: string, before: Buffer | null, after: Buffer | null): Promise<number>;
  /** The recorded change did not happen (the file was taken, or changed): forget the entry. */
  cancel(entry: number): Promise<void>;
}
