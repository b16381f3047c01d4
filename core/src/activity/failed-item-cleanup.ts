import { isUtf8 } from 'node:buffer';
import { readdir, readFile, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { getInboxItem, isInboxId, itemFolder, ITEM_NOTES, REVIEW_FILE } from '../inbox/index.js';
import type { UpdateRecord, UpdateStore } from '../records/index.js';
import { parseNote, type VaultWriter } from '../vault/index.js';

export interface FailedItemDeps {
  root: string;
  /** Where the failed update's files are kept in the state dir. */
  store: Pick<UpdateStore, 'attachmentPath'>;
}

/** A review marked failed for this update, read from the bytes that are then removed. */
function failedReviewOf(bytes: Buffer, update: string): boolean {
  const parsed = parseNote(bytes.toString('utf8'));
  return parsed.ok && parsed.data.status === 'failed' && parsed.data.update_id === update;
}

/**
 * Removes the inbox item a failed update left (`inbox/<id>/`: review.md, input.md and copies of
 * its files), once a retry of the same input has an outcome. The item goes only while it is
 * still exactly that: a review marked failed for this update, and nothing in the folder but
 * what the failure wrote. It goes file by file, each only while it holds what was checked, then
 * the folder only once empty: a file the person added or changed meanwhile stays, with the
 * folder. The retry's writer journals the removals, so they are undoable like any change.
 * Returns the files removed.
 */
async function clearFailedItem(deps: FailedItemDeps, failed: UpdateRecord, writer: VaultWriter): Promise<string[]> {
  const id = failed.inbox_id;
  if (failed.status !== 'failed' || !id || !isInboxId(id)) return [];
  if (!(await getInboxItem(deps.root, id))) return [];
  const folder = path.join(deps.root, itemFolder(id));
  const kept = await Promise.all(failed.attachments.map((attachment) => readFile(deps.store.attachmentPath(failed, attachment)).catch(() => null)));
  const checked = new Map<string, Buffer>();
  // Names as bytes: one that is not UTF-8 could not even be read back by its decoded name.
  for (const entry of await readdir(folder, { withFileTypes: true, encoding: 'buffer' })) {
    if (!isUtf8(entry.name) || !entry.isFile()) return [];
    const name = entry.name.toString('utf8');
    const bytes = await readFile(path.join(folder, name));
    if (name === REVIEW_FILE ? !failedReviewOf(bytes, failed.id) : !ITEM_NOTES.has(name) && !kept.some((file) => file?.equals(bytes))) return [];
    checked.set(name, bytes);
  }
  if (!checked.has(REVIEW_FILE)) return [];
  const removed: string[] = [];
  for (const [name, bytes] of checked) {
    if ((await writer.removeIfUnchanged(path.join(folder, name), bytes)).ok) removed.push(`${itemFolder(id)}/${name}`);
  }
  await rmdir(folder).catch(() => undefined);
  return removed.sort();
}

/** `clearFailedItem` bound to its vault and store, as the update queue calls it. */
export const failedItemCleanup =
  (deps: FailedItemDeps) =>
  (failed: UpdateRecord, writer: VaultWriter): Promise<string[]> =>
    clearFailedItem(deps, failed, writer);
