export { createEventBus, type EventBus, type KnowerEvent, type FileChangeType, type UpdateStatusEvent } from './event-bus.js';
