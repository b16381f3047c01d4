export { createUpdateQueue, type UpdateQueue, type RetryPolicy } from './update-queue.js';
export { UpdateStore, type NewUpdate } from './update-store.js';
export { UpdateJournal } from './update-journal.js';
export { publicView, FINAL_STATUSES, type UpdateRecord, type UpdateStatus, type StoredImage } from './update-record.js';
