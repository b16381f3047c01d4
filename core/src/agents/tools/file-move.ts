import path from 'node:path';
import { makeFolders, readBytesIfExists, type VaultWriter } from '../../vault/index.js';
import { forget, type Session } from '../session.js';

/** The run's knowledge of a file follows it to its new path. */
export function carryOver(session: Session, from: string, to: string): void {
  const version = session.seen.get(from);
  if (version !== undefined) session.seen.set(to, version);
  if (session.created.has(from)) session.created.add(to);
  forget(session, from);
}

export type FileMove = 'moved' | 'taken' | 'changed' | 'missing';

/**
 * Moves one file without ever overwriting or losing one: the file gets its new name first
 * (failing if the name was taken meanwhile), and the old name goes only while it still holds
 * what the new one does. If the old one changed in between (a save by hand), the new name goes
 * again and the file stays where it was, as the person left it.
 */
export async function moveFile(writer: VaultWriter, fromAbs: string, toAbs: string): Promise<FileMove> {
  await makeFolders(path.dirname(toAbs));
  try {
    await writer.linkFile(fromAbs, toAbs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return 'taken';
    if (code === 'ENOENT') return 'missing';
    throw err;
  }
  const placed = await readBytesIfExists(toAbs);
  if (placed === undefined) return 'taken'; // replaced by something else at once: the file stays where it was
  const removed = await writer.removeIfUnchanged(fromAbs, placed);
  if (removed.ok) return 'moved';
  await writer.removeIfUnchanged(toAbs, placed);
  return removed.reason;
}
