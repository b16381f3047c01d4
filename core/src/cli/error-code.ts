import type { ErrorCode } from '../api/error-codes.js';
import { parseJson, type HttpResult } from './http-client.js';

/**
 * The API's code of a refused request (`{error, message}`, the table of http/error-table.ts):
 * what the CLI branches on, as the web app does, rather than a status or the sentence.
 */
export function errorCodeOf(result: HttpResult): ErrorCode | undefined {
  if (result.kind !== 'answer' || result.status < 400) return undefined;
  const body = parseJson(result.body);
  const code = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  // Only compared with codes of the list: a code this CLI does not know matches none of them.
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
}
