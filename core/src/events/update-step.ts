/**
 * One tool call of an update agent run, as a person follows it live (`update_step` events, and
 * kept, capped, on the update's record): the wire shape, api's UpdateStep.
 */
export type { UpdateStep } from '../api/index.js';

/** A question's state as pushed to clients (`question_status`): the question record. */
export interface QuestionStatusEvent {
  id: string;
  status: 'pending' | 'answered' | 'failed';
  [key: string]: unknown;
}
