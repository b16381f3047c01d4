import type { FastifyReply } from 'fastify';
import type { PathProblem } from '../vault/index.js';

/** Every error the API sends: a stable code for programs, a sentence for people. */
export interface ApiError {
  error: string;
  message: string;
}

export function sendError(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply.code(status).send({ error, message } satisfies ApiError);
}

/** A path the sandbox refused: 403 when it escapes through a symlink, 400 for the rest. */
export function sendPathError(reply: FastifyReply, problem: PathProblem, message: string): FastifyReply {
  return sendError(reply, problem === 'outside' ? 403 : 400, `path_${problem}`, message);
}

export const errorResponseSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
  required: ['error', 'message'],
} as const;
