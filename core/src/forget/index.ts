export { createForget, type Forget, type ForgetOutcome } from './forget-service.js';
export type { ForgetError } from './forgetting.js';
