import { ERROR_TABLE, type ErrorRule } from './error-table.js';

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

/** What an error thrown during a request becomes: a refusal of the framework or its plugins, the disk, or a fault. */
type ThrownErrorCode =
  | 'invalid_json'
  | 'invalid_request'
  | 'bad_request'
  | 'unsupported_media_type'
  | 'body_too_large'
  | 'attachment_too_large'
  | 'too_many_attachments'
  | 'too_many_parts'
  | 'too_many_fields'
  | 'disk_full'
  | 'read_only_disk'
  | 'disk_error'
  | 'internal_error';

/** The errors Fastify, its plugins and the disk throw, by their code; a sentence here where it says more than the table's. */
const FOREIGN: Record<string, { code: ThrownErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'the JSON body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large' },
  FST_REQ_FILE_TOO_LARGE: { code: 'attachment_too_large' },
  FST_FILES_LIMIT: { code: 'too_many_attachments' },
  FST_PARTS_LIMIT: { code: 'too_many_parts' },
  FST_FIELDS_LIMIT: { code: 'too_many_fields' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'unsupported_media_type', message: 'the request is not multipart/form-data' },
  ENOSPC: { code: 'disk_full' },
  EDQUOT: { code: 'disk_full', message: 'the disk quota is used up: nothing was saved; free some space and send it again' },
  EROFS: { code: 'read_only_disk' },
  EIO: { code: 'disk_error' },
};

/** The code and message a client gets for an error thrown during a request. */
export function describeError(err: { statusCode?: number; validation?: unknown; code?: string; message: string }): { code: ThrownErrorCode; message: string } {
  const known = err.code ? FOREIGN[err.code] : undefined;
  if (known) return { code: known.code, message: known.message ?? (ERROR_TABLE[known.code] as ErrorRule).message ?? err.message };
  if ((err.statusCode ?? 500) >= 500) return { code: 'internal_error', message: ERROR_TABLE.internal_error.message };
  // A request the framework refused for a reason without a code of ours (a malformed multipart body, say).
  return { code: err.validation ? 'invalid_request' : 'bad_request', message: err.message };
}
