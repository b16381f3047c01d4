export { createUpdateQueue, type UpdateQueue, type QueueStatus, type RetryPolicy, type RunHistory } from './update-queue.js';
export { UpdateStore, type NewUpdate } from './update-store.js';
export { stepOf } from './update-steps.js';
export { publicView, FINAL_STATUSES, type UpdateRecord, type UpdateStatus, type StoredImage, type FileChange } from './update-record.js';
