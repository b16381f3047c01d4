export { announceFileChange, createEventBus, type EventBus, type KnowerEvent, type FileChangeType, type UpdateStatusEvent } from './event-bus.js';
export type { UpdateStep, QuestionStatusEvent } from './update-step.js';
