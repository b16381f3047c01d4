export { listInboxItems, getInboxItem, isInboxId, INBOX_DIR, type InboxItem, type InboxSummary } from './inbox-items.js';
export { countInboxItems } from './inbox-count.js';
