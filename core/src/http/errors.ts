import type { FastifyReply } from 'fastify';
import type { PathProblem } from '../vault/index.js';
import { formatMegabytes, UPDATE_LIMITS } from '../api/index.js';

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

type SchemaIssue = { instancePath: string; keyword: string; message?: string; params?: Record<string, unknown> };

/**
 * One sentence naming each refused field, for Fastify's `schemaErrorFormatter`:
 * "q is longer than 2000 characters", "body: path is missing".
 */
export function validationError(issues: readonly SchemaIssue[], part: string): Error {
  const sentences = issues.map((issue) => {
    // `/link/3` names the field, not the item: "link is empty".
    const field =
      issue.instancePath
        .split('/')
        .filter((segment) => segment && !/^\d+$/.test(segment))
        .join('.') || part;
    const message = issue.message ?? 'is not valid';
    if (issue.keyword === 'invalid_type' && / received undefined$/.test(message)) return `${field} is missing`;
    if (message.startsWith(`${field} `)) return message;
    return /^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`;
  });
  return new Error(`${sentences.join('; ')} (in the ${part})`);
}

/** Fastify's and its plugins' error codes, as the API names them (with a message people can act on). */
const KNOWN: Record<string, { status: number; error: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'invalid_json', message: 'the body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'invalid_json', message: 'the JSON body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: 'unsupported_media_type', message: 'send application/json (or multipart/form-data for files)' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'body_too_large', message: 'the request body is too large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, error: 'attachment_too_large', message: `a file is larger than ${formatMegabytes(UPDATE_LIMITS.attachmentBytes)}, the limit for any file` },
  FST_FILES_LIMIT: { status: 413, error: 'too_many_attachments', message: `at most ${UPDATE_LIMITS.attachments} files per update` },
  FST_PARTS_LIMIT: { status: 413, error: 'too_many_parts', message: 'too many form parts' },
  FST_FIELDS_LIMIT: { status: 413, error: 'too_many_fields', message: 'too many form fields' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, error: 'unsupported_media_type', message: 'the request is not multipart/form-data' },
  // The disk under the state dir or the vault cannot take the write: nothing was accepted or changed.
  ENOSPC: { status: 507, error: 'disk_full', message: 'the disk is full: nothing was saved; free some space and send it again' },
  EDQUOT: { status: 507, error: 'disk_full', message: 'the disk quota is used up: nothing was saved; free some space and send it again' },
  EROFS: { status: 507, error: 'read_only_disk', message: 'the disk is read-only: nothing was saved' },
  EIO: { status: 503, error: 'disk_error', message: 'the disk failed to read or write: nothing was saved; try again' },
};

/** The status, code and message a client gets for an error thrown during a request. */
export function describeError(err: { statusCode?: number; validation?: unknown; code?: string; message: string }): { status: number; error: string; message: string } {
  const known = err.code ? KNOWN[err.code] : undefined;
  if (known) return { status: known.status, error: known.error, message: known.message ?? err.message };
  const status = err.statusCode ?? 500;
  if (status >= 500) return { status, error: 'internal_error', message: 'something went wrong on our side; the log has the details' };
  return { status, error: err.validation ? 'invalid_request' : (err.code ?? 'bad_request').toLowerCase(), message: err.message };
}
