export { listInboxItems, getInboxItem, isInboxId, type InboxItem, type InboxSummary } from './inbox-items.js';
export { INBOX_DIR, ITEM_NOTES, REVIEW_FILE, inputPath, itemFolder, reviewPath } from './inbox-layout.js';
export { countInboxItems } from './inbox-count.js';
