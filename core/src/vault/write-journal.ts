import { AsyncLocalStorage } from 'node:async_hooks';
import { readBytesIfExists } from './read-file.js';

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

const current = new AsyncLocalStorage<WriteJournal>();

/** Runs `fn` with every vault write inside it (however deep) recorded in `journal`. */
export function withJournal<T>(journal: WriteJournal, fn: () => Promise<T>): Promise<T> {
  return current.run(journal, fn);
}

const toBuffer = (data: string | Uint8Array | null): Buffer | null => (data === null ? null : Buffer.from(data));

const nothingToCancel = async () => undefined;

/**
 * Called by every vault mutation before it happens. `before` is what the caller knows the file
 * holds (undefined: read it now). Returns what to call if the change then did not happen.
 * A no-op outside a journaled run.
 */
export async function journalChange(
  abs: string,
  after: string | Uint8Array | null,
  before?: string | Uint8Array | null,
): Promise<() => Promise<void>> {
  const journal = current.getStore();
  if (!journal) return nothingToCancel;
  const entry = await journal.record(abs, before === undefined ? (await readBytesIfExists(abs)) ?? null : toBuffer(before), toBuffer(after));
  return () => journal.cancel(entry);
}
