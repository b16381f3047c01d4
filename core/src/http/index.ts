export { describeError, sendError, sendPathError, validationError, type ApiError } from './errors.js';
export { checkedSerializer } from './response-check.js';
