import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getInboxItem, isInboxId, itemFolder, ITEM_NOTES } from '../inbox/index.js';
import type { UpdateRecord, UpdateStore } from '../records/index.js';
import type { VaultWriter } from '../vault/index.js';

export interface FailedItemDeps {
  root: string;
  /** Where the failed update's files are kept in the state dir. */
  store: Pick<UpdateStore, 'attachmentPath'>;
}

/**
 * Removes the inbox item a failed update left (`inbox/<id>/`: review.md, input.md and copies of
 * its files), once a retry of the same input has an outcome. The item goes only while it is
 * still exactly that: a review marked failed for this update, and nothing in the folder but
 * what the failure wrote. A folder the person has added to, or a review turned into something
 * else, stays. The retry's writer journals the removal, so it is undoable like any change.
 */
async function clearFailedItem(deps: FailedItemDeps, failed: UpdateRecord, writer: VaultWriter): Promise<string[]> {
  const id = failed.inbox_id;
  if (failed.status !== 'failed' || !id || !isInboxId(id)) return [];
  const item = await getInboxItem(deps.root, id);
  if (!item || item.review.frontmatter.status !== 'failed' || item.review.frontmatter.update_id !== failed.id) return [];
  const folder = path.join(deps.root, itemFolder(id));
  const kept = await Promise.all(failed.attachments.map((attachment) => readFile(deps.store.attachmentPath(failed, attachment)).catch(() => null)));
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (ITEM_NOTES.has(entry.name)) continue;
    if (!entry.isFile()) return [];
    const bytes = await readFile(path.join(folder, entry.name));
    if (!kept.some((file) => file?.equals(bytes))) return [];
  }
  const files = item.files;
  await writer.removeTree(folder);
  return files;
}

/** `clearFailedItem` bound to its vault and store, as the update queue calls it. */
export const failedItemCleanup =
  (deps: FailedItemDeps) =>
  (failed: UpdateRecord, writer: VaultWriter): Promise<string[]> =>
    clearFailedItem(deps, failed, writer);
