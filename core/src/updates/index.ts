export { createUpdates, type SubmitOutcome, type SubmitInput, type UpdateRefusalCode, type Updates } from './submit-update.js';
