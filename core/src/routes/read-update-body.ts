import type { FastifyRequest } from 'fastify';
import { UPDATE_LIMITS, updateBody } from '../api/index.js';
import type { NewAttachment } from '../records/index.js';
import type { SubmitInput, Updates } from '../updates/index.js';
import { readFileParts, type PartsRefusal } from './read-file-parts.js';

type BodyRefusal = { ok: false; error: PartsRefusal['error'] | 'invalid_url' | 'invalid_request'; message: string };

export type UpdateBody = { ok: true; update: Omit<SubmitInput, 'idempotencyKey'> } | BodyRefusal;

const refuse = (error: BodyRefusal['error'], message: string): UpdateBody => ({ ok: false, error, message });

const FIELDS = ['text', 'url', 'inbox_ref'] as const;

/** The body of POST /update, JSON or multipart, checked field by field; files are streamed to disk as they come. */
export async function readUpdateBody(request: FastifyRequest, updates: Pick<Updates, 'receive' | 'discard'>): Promise<UpdateBody> {
  if (!request.isMultipart()) {
    const parsed = updateBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      // A link that is not http(s) has its own code, as in multipart and at every other door.
      if (issue?.path[0] === 'url') return refuse('invalid_url', `url ${issue.message}`);
      return refuse('invalid_request', `${where}${issue?.message ?? 'invalid body'} (send {"text": "...", "url"?: "https://...", "inbox_ref"?: "..."})`);
    }
    const { text = '', url, inbox_ref } = parsed.data;
    return { ok: true, update: { text, ...(url ? { url } : {}), ...(inbox_ref ? { inboxRef: inbox_ref } : {}), attachments: [] } };
  }
  const read = await readFileParts(request, updates, { fields: FIELDS, fieldSize: UPDATE_LIMITS.textChars * 4 });
  if (!read.ok) return read;
  const { fields, attachments } = read;
  const update: Omit<SubmitInput, 'idempotencyKey'> = {
    text: fields.text ?? '',
    ...(fields.url ? { url: fields.url } : {}),
    ...(fields.inbox_ref ? { inboxRef: fields.inbox_ref } : {}),
    attachments: attachments as NewAttachment[],
  };
  return { ok: true, update };
}
