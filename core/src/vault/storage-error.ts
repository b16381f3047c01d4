/**
 * Errors of the disk itself, not of what was asked: no space, a quota, a read-only or failing
 * device. The model cannot do anything about them, so an agent's run stops at the first one and
 * fails retryably with its input intact, instead of going on blind and ending "done" with
 * nothing written.
 */
const STORAGE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

export const isStorageError = (err: unknown): err is NodeJS.ErrnoException => err instanceof Error && STORAGE.has((err as NodeJS.ErrnoException).code ?? '');

/** What a person reads about a storage error: what happened and what to do. */
export function describeStorageError(err: NodeJS.ErrnoException): string {
  const what = err.code === 'ENOSPC' || err.code === 'EDQUOT' ? 'the disk is full' : err.code === 'EROFS' ? 'the disk is read-only' : 'the disk failed';
  return `${what} (${err.message}): nothing of this update was kept in the vault; its input is safe in Knower's state folder. Retry it once the disk is writable again.`;
}
