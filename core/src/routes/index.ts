export { healthRoutes } from './health.js';
export { vaultRoutes } from './vault-routes.js';
export { searchRoutes } from './search-routes.js';
export { inboxRoutes } from './inbox-routes.js';
export { updateRoutes } from './update-routes.js';
export { answerRoutes } from './answer-routes.js';
export { sseRoutes } from './sse.js';
export { webRoutes } from './web.js';
export { sendError, sendPathError, type ApiError } from './http-errors.js';
