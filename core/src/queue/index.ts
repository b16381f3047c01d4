export { createUpdateQueue, type UpdateQueue, type QueueStatus, type RetryPolicy, type RunHistory } from './update-queue.js';
export { stepOf } from './update-steps.js';
