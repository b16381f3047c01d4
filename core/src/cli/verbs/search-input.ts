import { projectScope, queryText } from '../../api/index.js';
import { usageError, type Failure } from '../outcome.js';

/** The words and scope of `search` and `ask`, checked with the service's own rules before any call. */
export function searchInputProblem(words: string, scope: string | undefined): Failure | undefined {
  const wordsIssue = queryText.safeParse(words).error?.issues[0];
  if (wordsIssue) return usageError(`the words are too long: they ${wordsIssue.message}`);
  if (scope && !projectScope.safeParse(scope).success) {
    return usageError(`--scope must look like project:NAME, the name of a folder under projects/ (got '${scope}')`);
  }
  return undefined;
}
