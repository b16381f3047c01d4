export { describeError, sendError, sendPathError, validationError, type ApiError } from './errors.js';
