import { LIMITS, projectScope, queryText } from '../../api/index.js';
import { usageError, type Failure } from '../outcome.js';

/** The words and scope of `search` and `ask`, checked with the service's own rules before any call. */
export function searchInputProblem(words: string, scope: string | undefined, what: 'words' | 'question' = 'words'): Failure | undefined {
  const wordsIssue = queryText.safeParse(words).error?.issues[0];
  if (wordsIssue) {
    const subject = what === 'words' ? 'the words are' : 'the question is';
    return usageError(`${subject} too long: ${String(words.length)} characters, at most ${String(LIMITS.queryChars)}`);
  }
  if (scope && !projectScope.safeParse(scope).success) {
    return usageError(`--scope must look like project:NAME, the name of a folder under projects/ (got '${scope}')`);
  }
  return undefined;
}
