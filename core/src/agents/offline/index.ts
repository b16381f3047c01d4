export { offlineUpdate } from './offline-update.js';
export { offlineAnswer, OFFLINE_LABEL } from './offline-answer.js';
