import type { RetryOutcome } from '../activity/index.js';

type RefusalCode = Extract<RetryOutcome, { ok: false }>['error'];

/** How HTTP says each refusal of the update door and of a retry (the same code and sentence on every edge). */
const STATUS: Record<RefusalCode, number> = {
  empty_update: 400,
  text_too_large: 413,
  invalid_url: 400,
  too_many_attachments: 413,
  attachment_too_large: 413,
  unknown_inbox_ref: 404,
  invalid_idempotency_key: 400,
  idempotency_key_reused: 422,
  update_not_found: 404,
  update_not_failed: 409,
  input_missing: 409,
  changed_since: 409,
};

export const updateRefusalStatus = (code: RefusalCode): number => STATUS[code];
