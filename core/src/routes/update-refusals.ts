import type { UpdateRefusalCode } from '../updates/index.js';

/** The update door's refusals (updates/submit-update.ts): every route that submits an update may answer them. */
export const SUBMIT_REFUSALS = [
  'empty_update',
  'text_too_large',
  'invalid_url',
  'too_many_attachments',
  'attachment_too_large',
  'unknown_inbox_ref',
  'invalid_idempotency_key',
  'idempotency_key_reused',
] as const satisfies readonly UpdateRefusalCode[];

/** A multipart body refused while it is read: a field it does not take, or over the plugin's limits. */
export const FORM_REFUSALS = ['unknown_field', 'attachment_too_large', 'too_many_attachments', 'too_many_parts', 'too_many_fields'] as const;
