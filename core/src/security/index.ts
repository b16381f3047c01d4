export { securityPlugin, type SecurityOptions } from './security-plugin.js';
export { hostAllowed, trustedHostNames } from './host-check.js';
export { crossOriginProblem } from './origin-check.js';
export { createTokenCheck, sessionValue, SESSION_COOKIE } from './token-auth.js';
