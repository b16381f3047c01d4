export { createInbox, listInboxItems, getInboxItem, isInboxId, type Inbox, type InboxItem, type InboxSummary } from './inbox-items.js';
export { INBOX_DIR, ITEM_NOTES, REVIEW_FILE, inputPath, itemFolder, reviewPath } from './inbox-layout.js';
export { inboxCountAnnouncer } from './inbox-count.js';
