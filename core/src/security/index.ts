export { securityPlugin } from './security-plugin.js';
export { hostAllowed, trustedHosts } from './host-check.js';
export { crossOriginProblem, crossSiteReadProblem, isShareLaunch } from './origin-check.js';
export { SESSION_COOKIE } from './token-auth.js';
export { createSessionStore, SESSION_MAX_AGE_S } from './session-store.js';
export { createSignInThrottle, type SignInThrottle } from './sign-in-throttle.js';
