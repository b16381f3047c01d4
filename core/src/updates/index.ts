export { createUpdates, type SubmitOutcome, type SubmitInput, type Updates, type UpdateRefusalCode } from './submit-update.js';
export { createTranscriptions, type Transcriptions } from './transcriptions.js';
