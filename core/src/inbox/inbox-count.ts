import type { VaultIndex } from '../vault/index.js';
import { INBOX_DIR, REVIEW_FILE } from './inbox-layout.js';

/** Pending inbox items are the folders under inbox/ that hold a review.md: the one count of them. */
export function countInboxItems(index: VaultIndex): number {
  const inbox = index.folder(INBOX_DIR);
  if (!inbox) return 0;
  let count = 0;
  for (const item of inbox.folders.values()) if (item.files.has(REVIEW_FILE)) count++;
  return count;
}
