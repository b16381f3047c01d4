import { characterCount, LIMITS } from '../../api/limits.js';
import { isProjectScope } from '../../api/scope.js';
import { answerOf, callApi, type ServiceReply } from '../api.js';
import type { Context } from '../context.js';
import { errorCodeOf } from '../error-code.js';
import type { HttpClient } from '../http-client.js';
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

/** What `search` asks for: POST /vault/search's body. */
export interface SearchRequest {
  q: string;
  mode?: 'fast' | 'deep';
  scope?: string;
  limit?: number;
}

/**
 * POST, whatever the length: one way for every query (2,000 Thai or CJK characters do not fit a
 * URL's 16 kB at every proxy), and the words stay out of URLs and request logs. A service
 * started before POST /vault/search existed answers 404: asked again by GET, as it was then.
 */
export async function searchRequest(ctx: Context, client: HttpClient, body: SearchRequest): Promise<ServiceReply | Failure> {
  const posted = await client.request('POST', '/vault/search', { timeoutS: 60, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (errorCodeOf(posted) === 'not_found') {
    const { q, mode, scope, limit } = body;
    return callApi(ctx, client, 'GET', '/vault/search', { timeoutS: 60, query: { q, mode, scope, limit: limit === undefined ? undefined : String(limit) } });
  }
  return answerOf(ctx, client.baseUrl, '/vault/search', posted);
}
