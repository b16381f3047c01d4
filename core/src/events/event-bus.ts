import { EventEmitter } from 'node:events';
import type { QuestionStatusEvent, UpdateStep } from './update-step.js';

export type FileChangeType = 'add' | 'change' | 'unlink';

export interface UpdateStatusEvent {
  id: string;
  status: string;
  [key: string]: unknown;
}

/** Every event the service pushes to clients; the SSE event name is `type`. */
export type KnowerEvent =
  | { type: 'file_changed'; data: { path: string; type: FileChangeType } }
  | { type: 'inbox_updated'; data: { count: number } }
  /** The vault index changed (files listed or gone, token counts): folder listings are stale. */
  | { type: 'tree_changed'; data: { revision: number } }
  | { type: 'update_status'; data: UpdateStatusEvent }
  /** A commit landed in the vault's history (an update, undo, restore or hand-edit snapshot). */
  | { type: 'history_updated'; data: { commit: string; kind: string; update_id?: string } }
  /** A running update's agent called a tool (its live steps). */
  | { type: 'update_step'; data: { id: string; step: UpdateStep } }
  /** A question was asked, answered or failed (questions are kept in the state dir). */
  | { type: 'question_status'; data: QuestionStatusEvent }
  /** A pending question's search agent called a tool (its live steps; not kept). */
  | { type: 'question_step'; data: { id: string; step: UpdateStep } }
  /** A forget's backup started waiting for the person, or was confirmed or put back (api's ForgetStatus). */
  | { type: 'forget_status'; data: { backup: { at: string | null; forgets: number; files: number } | null } };

export interface EventBus {
  publish(event: KnowerEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: KnowerEvent) => void): () => void;
  readonly listenerCount: number;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Every open browser tab holds one listener; the default cap of 10 is a false alarm here.
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit('event', event),
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    get listenerCount() {
      return emitter.listenerCount('event');
    },
  };
}

/**
 * The one place a `file_changed` is published: a change the watcher saw and one the job found
 * on its own pass reach clients in the same shape.
 */
export function announceFileChange(bus: EventBus, path: string, type: FileChangeType): void {
  bus.publish({ type: 'file_changed', data: { path, type } });
}
