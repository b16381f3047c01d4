// Plain values, no zod: the CLI reads these codes without loading anything else.

/** Why the vault's one path check refused a path (vault/resolve-vault-path.ts). */
export const PATH_PROBLEMS = ['invalid', 'empty', 'absolute', 'nul', 'traversal', 'hidden', 'outside'] as const;
export type PathProblem = (typeof PATH_PROBLEMS)[number];
/** A refused path, as the API names it: `path_traversal`, `path_outside`, … */
export type PathErrorCode = `path_${PathProblem}`;
export const PATH_ERROR_CODES = PATH_PROBLEMS.map((problem): PathErrorCode => `path_${problem}`);

/**
 * What the edge may answer on any route, whatever the route does: its checks of the request
 * (security, body parsing, validation), the disk, a broken invariant. Every route declares them.
 */
export const EDGE_ERROR_CODES = [
  'host_not_allowed',
  'cross_origin',
  'unauthorized',
  'too_many_wrong_tokens',
  'invalid_json',
  'invalid_request',
  'bad_request',
  'unsupported_media_type',
  'body_too_large',
  'internal_error',
  'disk_full',
  'read_only_disk',
  'disk_error',
] as const;

/**
 * Every code an error body of the API carries (`{error, message}`): programs (the CLI, the web
 * app, scripts) branch on the code, people read the message. Its status is the edge's table
 * (http/error-table.ts); a code not listed here is a type error wherever it is sent.
 */
export const ERROR_CODES = [
  ...EDGE_ERROR_CODES,
  // No route at that address, or no file or folder at that path.
  'not_found',
  // Updates: the update door, a multipart body, a retry, a cancel.
  'empty_update',
  'text_too_large',
  'invalid_url',
  'unknown_field',
  'too_many_attachments',
  'attachment_too_large',
  'too_many_parts',
  'too_many_fields',
  'unknown_inbox_ref',
  'invalid_idempotency_key',
  'idempotency_key_reused',
  'update_not_found',
  'update_not_failed',
  'update_finished',
  'input_missing',
  'changed_since',
  // Questions and the activity feed.
  'empty_query',
  'cancelled',
  'model_unavailable',
  'question_not_found',
  'question_not_failed',
  'question_not_pending',
  'invalid_cursor',
  // The vault, its inbox, its history, forgetting.
  ...PATH_ERROR_CODES,
  'not_a_note',
  'inbox_item_not_found',
  'history_unavailable',
  'no_history',
  'commit_not_found',
  'update_not_finished',
  'not_undoable',
  'version_not_found',
  'restore_blocked',
  'not_forgettable',
  'no_backup',
  // Transcription and embeddings.
  'no_transcriber',
  'nothing_to_transcribe',
  'embed_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
