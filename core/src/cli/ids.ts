import { usageError, type Failure } from './outcome.js';

/** An update's id, as the service makes them: 20250314-092600-a1b2c3. */
export const UPDATE_ID = /^\d{8}-\d{6}-[0-9a-f]{6}$/;
/** A question's id: q-20250314-092600-a1b2c3. */
const QUESTION_ID = /^q-\d{8}-\d{6}-[0-9a-f]{6}$/;
/** A commit of the vault's history, whole or abbreviated. */
export const COMMIT = /^[0-9a-f]{7,40}$/;

export type IdKind = 'update' | 'question' | 'commit';

function idKind(id: string): IdKind | undefined {
  return UPDATE_ID.test(id) ? 'update' : QUESTION_ID.test(id) ? 'question' : COMMIT.test(id) ? 'commit' : undefined;
}

/**
 * The one id a verb about an update or a question takes (show, retry): its kind, or the usage
 * error; `missing` says where ids are found when none was given.
 */
export function updateOrQuestionId(positionals: readonly string[], missing: string): { id: string; kind: 'update' | 'question' } | Failure {
  const [id, ...extra] = positionals;
  if (!id) return usageError(`which update or question? (${missing})`);
  if (extra.length) return usageError(`unexpected argument '${extra[0] ?? ''}'`);
  const kind = idKind(id);
  if (kind !== 'update' && kind !== 'question') return usageError(`'${id}' is neither an update id (20250314-092600-a1b2c3) nor a question id (q-20250314-092600-a1b2c3)`);
  return { id, kind };
}
