/** An update's id, as the service makes them: 20250314-092600-a1b2c3. */
export const UPDATE_ID = /^\d{8}-\d{6}-[0-9a-f]{6}$/;
/** A question's id: q-20250314-092600-a1b2c3. */
const QUESTION_ID = /^q-\d{8}-\d{6}-[0-9a-f]{6}$/;
/** A commit of the vault's history, whole or abbreviated. */
export const COMMIT = /^[0-9a-f]{7,40}$/;

export type IdKind = 'update' | 'question' | 'commit';

export function idKind(id: string): IdKind | undefined {
  return UPDATE_ID.test(id) ? 'update' : QUESTION_ID.test(id) ? 'question' : COMMIT.test(id) ? 'commit' : undefined;
}
