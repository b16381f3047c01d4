export { createForget, type Forget } from './forget-service.js';
