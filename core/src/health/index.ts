export { createDiskWatch, type DiskWatch } from './disk-space.js';
export { type HealthInputs } from './health-report.js';
export { createHealth, type HealthService, type HealthDeps } from './health-service.js';
