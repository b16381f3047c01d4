export { createQuestions, type Questions } from './questions.js';
export { QuestionStore } from './question-store.js';
export { isQuestionId, type QuestionRecord } from './question-record.js';
export { createActivity, listActivity, isActivityCursor, type Activity, type ActivitySources } from './activity-feed.js';
export { createUpdateRetry, type UpdateRetry } from './retry-update.js';
export { failedItemCleanup } from './failed-item-cleanup.js';
