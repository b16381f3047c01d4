export { createDiskWatch } from './disk-space.js';
export { createHealth, type HealthService } from './health-service.js';
