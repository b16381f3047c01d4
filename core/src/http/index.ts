export { describeError, sendError, sendPathError, validationError, type ApiError } from './errors.js';
export { checkedSerializer } from './response-check.js';
export { MAX_HEADER_BYTES } from './header-limit.js';
