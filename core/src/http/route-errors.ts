import type { FastifyReply } from 'fastify';
import { EDGE_ERROR_CODES, errorBodyOf, type ErrorCode } from '../api/index.js';
import { sendError } from './send-error.js';
import { errorStatus, type CodeWithSentence } from './error-table.js';

type EdgeCode = (typeof EDGE_ERROR_CODES)[number];

/** The errors a route (or a group of routes) may answer: declared in its schema, sent through the table. */
interface RouteErrors<C extends ErrorCode> {
  /**
   * For `schema.response`, beside the success schemas: per status, the shared error body with the
   * codes it may carry. Typed as a plain object so that the type provider types a handler's answer
   * by its success schemas alone (a route without one sends bytes or a stream); errors go through `send`.
   */
  responses: object;
  /** sendError for the declared codes only: a failure the route did not declare does not compile. */
  send(reply: FastifyReply, code: C & CodeWithSentence, message?: string): FastifyReply;
  send(reply: FastifyReply, code: C, message: string, extra?: { question_id: string }): FastifyReply;
  /** A service's outcome as the route answers it: its value, or its error. */
  valueOr<T>(reply: FastifyReply, outcome: { ok: true; value: T } | { ok: false; error: C; message: string }): T | FastifyReply;
}

/**
 * The route's own codes, and the edge's. Each error body is checked against the declaration
 * when it is sent (http/response-check.ts), as success bodies are.
 */
export function routeErrors<const C extends ErrorCode>(...codes: C[]): RouteErrors<C | EdgeCode> {
  const byStatus = new Map<number, [ErrorCode, ...ErrorCode[]]>();
  for (const code of new Set<ErrorCode>([...EDGE_ERROR_CODES, ...codes])) {
    const status = errorStatus(code);
    const same = byStatus.get(status);
    if (same) same.push(code);
    else byStatus.set(status, [code]);
  }
  return {
    responses: Object.fromEntries([...byStatus].map(([status, list]) => [status, errorBodyOf(list)])),
    send: sendError as RouteErrors<C | EdgeCode>['send'],
    valueOr: (reply, outcome) => (outcome.ok ? outcome.value : sendError(reply, outcome.error, outcome.message)),
  };
}

/** The codes a route declared: what its failures may carry. */
export type DeclaredCode<R> = R extends RouteErrors<infer C> ? C : never;
