export { announceFileChange, createEventBus, type EventBus, type KnowerEvent, type FileChangeType } from './event-bus.js';
export type { UpdateStep } from './update-step.js';
