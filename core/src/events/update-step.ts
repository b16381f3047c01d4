/**
 * One tool call of an update agent run, as a person follows it live: which tool, on which
 * path (or words, for a search), and whether it worked. Carried by `update_step` events and
 * kept (capped) on the update's record.
 */
export interface UpdateStep {
  /** 1 for the run's first tool call. */
  n: number;
  /** When the call finished (ISO-8601 UTC). */
  at: string;
  tool: string;
  /** The path read or written; for a move, where the file was. */
  path?: string;
  /** A move's destination. */
  to?: string;
  /** A search's words. */
  query?: string;
  ok: boolean;
  /** The tool's error as the model was told it, shortened. */
  error?: string;
}

/** A question's state as pushed to clients (`question_status`): the question record. */
export interface QuestionStatusEvent {
  id: string;
  status: 'pending' | 'answered' | 'failed';
  [key: string]: unknown;
}
