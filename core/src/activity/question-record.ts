export type QuestionStatus = 'pending' | 'answered' | 'failed';

/** A question asked through `POST /search`, kept as `<state>/questions/<id>.json`. */
export interface QuestionRecord {
  id: string;
  query: string;
  mode: 'fast' | 'deep';
  scope?: string;
  status: QuestionStatus;
  created: string;
  finished?: string;
  /** The search agent's answer, as `POST /search` returned it. */
  answer?: { markdown: string; sources: string[]; mode: 'fast' | 'deep'; degraded?: string; offline?: boolean };
  /** Why it failed, as the service reported it (the detail behind the app's human message). */
  error?: string;
  /** `model_unavailable`, `interrupted` (the service stopped first), `cancelled` (the person stopped it) or `internal`. */
  error_code?: 'model_unavailable' | 'interrupted' | 'cancelled' | 'internal';
  /** A re-ask: the failed question asked again. */
  retry_of?: string;
  /** The question that asked this one again. */
  retried_by?: string;
  /** While the search agent waits to retry a model call (on the stream only, never saved). */
  retrying?: { kind: 'call'; error: string; until: string; retry: number; of: number };
}

const ID = /^q-[0-9]{8}-[0-9]{6}-[0-9a-f]{6}$/;

export const isQuestionId = (id: string): boolean => ID.test(id);
