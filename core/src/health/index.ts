export { createDiskWatch, MIN_FREE_BYTES, type DiskWatch } from './disk-space.js';
export { degradedReasons, QUEUE_STALL_MS, type HealthInputs } from './health-report.js';
export { createHealth, type Health, type HealthDeps } from './health-service.js';
