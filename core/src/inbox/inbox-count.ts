import type { EventBus } from '../events/index.js';
import type { VaultIndex } from '../vault/index.js';
import { INBOX_DIR, REVIEW_FILE } from './inbox-layout.js';

/** Pending inbox items are the folders under inbox/ that hold a review.md: the one count of them. */
function countInboxItems(index: VaultIndex): number {
  const inbox = index.folder(INBOX_DIR);
  if (!inbox) return 0;
  let count = 0;
  for (const item of inbox.folders.values()) if (item.files.has(REVIEW_FILE)) count++;
  return count;
}

/**
 * Called whenever the vault's listing changes: publishes `inbox_updated` when the number of
 * pending items is not what it was (the first count, at start, is only remembered).
 */
export function inboxCountAnnouncer(index: VaultIndex, bus: EventBus): () => void {
  let last: number | undefined;
  return () => {
    const count = countInboxItems(index);
    if (last !== undefined && count !== last) bus.publish({ type: 'inbox_updated', data: { count } });
    last = count;
  };
}
