import type { FastifyReply } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '../api/index.js';
import { ERROR_TABLE, type CodeWithSentence, type ErrorRule } from './error-table.js';

/**
 * The one way an error leaves the service: the code's status from the table, and the failure's
 * own sentence (or the table's). Every route, the security checks and the error handler send through it.
 */
export function sendError(reply: FastifyReply, code: CodeWithSentence, message?: string): FastifyReply;
export function sendError(reply: FastifyReply, code: ErrorCode, message: string, extra?: { question_id: string }): FastifyReply;
export function sendError(reply: FastifyReply, code: ErrorCode, message?: string, extra?: { question_id: string }): FastifyReply {
  const rule: ErrorRule = ERROR_TABLE[code];
  return reply.code(rule.status).send({ error: code, message: message ?? rule.message ?? code, ...extra } satisfies ApiErrorBody);
}
