import { characterCount, LIMITS } from '../../api/limits.js';
import { isProjectScope } from '../../api/scope.js';
import { usageError, type Failure } from '../outcome.js';

/**
 * The words and scope of `search` and `ask`, checked with the service's own rules before any
 * call (from api/'s plain modules: the zod schemas cost a command more than Node's start).
 */
export function searchInputProblem(words: string, scope: string | undefined, what: 'words' | 'question' = 'words'): Failure | undefined {
  const count = characterCount(words);
  if (count > LIMITS.queryChars) {
    const subject = what === 'words' ? 'the words are' : 'the question is';
    return usageError(`${subject} too long: ${String(count)} characters, at most ${String(LIMITS.queryChars)}`);
  }
  if (scope && !isProjectScope(scope)) {
    return usageError(`--scope must look like project:NAME, the name of a folder under projects/ (got '${scope}')`);
  }
  return undefined;
}
