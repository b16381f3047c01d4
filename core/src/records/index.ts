export { UpdateStore, type NewUpdate } from './update-store.js';
export { publicView, FINAL_STATUSES, type UpdateRecord, type StoredImage, type FileChange, type Retrying } from './update-record.js';
