// The HTTP contract of the service, as zod schemas: the routes validate requests with them, the
// MCP and agent tools share their fields, and the web app parses responses with the same ones.
// Nothing here imports anything but zod, so the browser bundle can take it whole.
export * from './activity.js';
export * from './attachments.js';
export * from './errors.js';
export * from './error-codes.js';
export * from './forget.js';
export * from './events.js';
export * from './fields.js';
export * from './health.js';
export * from './history.js';
export * from './human-error.js';
export * from './inbox.js';
export * from './search.js';
export * from './updates.js';
export * from './vault.js';
export * from './stats.js';
export * from './brief.js';
export * from './vault-layout.js';
