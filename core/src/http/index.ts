export { describeError, validationError } from './errors.js';
export { errorStatus } from './error-table.js';
export { sendError } from './send-error.js';
export { routeErrors, type DeclaredCode } from './route-errors.js';
export { checkedSerializer } from './response-check.js';
export { MAX_HEADER_BYTES } from './header-limit.js';
