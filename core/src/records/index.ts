export { UpdateStore, type NewAttachment, type NewUpdate } from './update-store.js';
export { receiveFile } from './incoming.js';
export { publicView, FINAL_STATUSES, type UpdateRecord, type StoredAttachment, type FileChange, type Retrying } from './update-record.js';
