export { createUpdates, type SubmitOutcome, type SubmitInput, type UpdateRefusalCode, type Updates } from './submit-update.js';
export { createTranscriptions, type TranscribeOutcome, type Transcriptions } from './transcriptions.js';
export type { ReceiveOutcome } from './receive-attachment.js';
