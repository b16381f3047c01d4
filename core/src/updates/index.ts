export { createUpdates, type SubmitOutcome, type UpdateInput, type UpdateRefusalCode, type Updates } from './submit-update.js';
