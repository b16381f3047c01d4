import { formatMegabytes, PATH_PROBLEMS, UPDATE_LIMITS, type ErrorCode, type PathErrorCode } from '../api/index.js';

/**
 * How HTTP says one error code: its status, and the sentence people get when the failure brings
 * none of its own (a service's refusal names what it refused: "no file at notes/a.md").
 */
export interface ErrorRule {
  status: number;
  message?: string;
}

/** A path the sandbox refused: 403 when it leads outside the vault (a symlink), 400 for the rest. Decided here only. */
const PATH_RULES = Object.fromEntries(PATH_PROBLEMS.map((problem) => [`path_${problem}`, { status: problem === 'outside' ? 403 : 400 }])) as Record<PathErrorCode, ErrorRule>;

/**
 * The one table of the API's errors: every code (api/error-codes.ts) has its status here, so a
 * code has the same status on every route, and a code missing from it does not compile.
 */
export const ERROR_TABLE = {
  host_not_allowed: { status: 403 },
  cross_origin: { status: 403 },
  unauthorized: { status: 401, message: 'this Knower requires its token: send "Authorization: Bearer <KNOWER_TOKEN>", or sign in at /login in a browser' },
  too_many_wrong_tokens: { status: 429 },
  invalid_json: { status: 400, message: 'the body is not valid JSON' },
  invalid_request: { status: 400 },
  bad_request: { status: 400 },
  unsupported_media_type: { status: 415, message: 'send application/json (or multipart/form-data for files)' },
  body_too_large: { status: 413, message: 'the request body is too large' },
  not_found: { status: 404 },
  internal_error: { status: 500, message: 'something went wrong on our side; the log has the details' },
  // The disk under the state dir or the vault cannot take the write: nothing was accepted or changed.
  disk_full: { status: 507, message: 'the disk is full: nothing was saved; free some space and send it again' },
  read_only_disk: { status: 507, message: 'the disk is read-only: nothing was saved' },
  disk_error: { status: 503, message: 'the disk failed to read or write: nothing was saved; try again' },

  empty_update: { status: 400 },
  text_too_large: { status: 413 },
  invalid_url: { status: 400 },
  unknown_field: { status: 400 },
  too_many_attachments: { status: 413, message: `at most ${UPDATE_LIMITS.attachments} files per update` },
  attachment_too_large: { status: 413, message: `a file is larger than ${formatMegabytes(UPDATE_LIMITS.attachmentBytes)}, the limit for any file` },
  too_many_parts: { status: 413, message: 'too many form parts' },
  too_many_fields: { status: 413, message: 'too many form fields' },
  unknown_inbox_ref: { status: 404 },
  invalid_idempotency_key: { status: 400 },
  // The key was sent before with another update: a retry must repeat the same request.
  idempotency_key_reused: { status: 422 },
  update_not_found: { status: 404, message: 'no update with that id' },
  update_not_failed: { status: 409 },
  update_finished: { status: 409 },
  input_missing: { status: 409 },
  changed_since: { status: 409 },

  empty_query: { status: 400 },
  cancelled: { status: 409 },
  // The question is kept with its error; the model may answer a retry.
  model_unavailable: { status: 503 },
  question_not_found: { status: 404, message: 'no question with that id' },
  question_not_failed: { status: 409 },
  question_not_pending: { status: 409 },
  invalid_cursor: { status: 400, message: 'cursor must be a next_cursor from an earlier page' },

  ...PATH_RULES,
  not_a_note: { status: 415 },
  inbox_item_not_found: { status: 404 },
  history_unavailable: { status: 503 },
  no_history: { status: 400 },
  commit_not_found: { status: 404 },
  update_not_finished: { status: 409 },
  not_undoable: { status: 409 },
  version_not_found: { status: 404 },
  restore_blocked: { status: 409 },
  not_forgettable: { status: 400 },
  no_backup: { status: 409 },

  no_transcriber: { status: 409 },
  nothing_to_transcribe: { status: 404 },
  embed_unavailable: { status: 503 },
} as const satisfies Record<ErrorCode, ErrorRule>;

/** The codes whose sentence is the table's: a reply may leave the message out. */
export type CodeWithSentence = { [C in ErrorCode]: (typeof ERROR_TABLE)[C] extends { message: string } ? C : never }[ErrorCode];

export const errorStatus = (code: ErrorCode): number => ERROR_TABLE[code].status;
