import type { FastifyRequest } from 'fastify';
import { UPDATE_LIMITS, updateBody } from '../api/index.js';
import type { NewUpdate } from '../records/index.js';
import { sniffImageType } from './image-types.js';

export type UpdateBody = { ok: true; update: Omit<NewUpdate, 'idempotencyKey'> } | { ok: false; status: number; error: string; message: string };

const refuse = (status: number, error: string, message: string): UpdateBody => ({ ok: false, status, error, message });

/** The body of POST /update, JSON or multipart, checked field by field. */
export async function readUpdateBody(request: FastifyRequest): Promise<UpdateBody> {
  if (!request.isMultipart()) {
    const parsed = updateBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return refuse(400, 'invalid_request', `${where}${issue?.message ?? 'invalid body'} (send {"text": "...", "inbox_ref"?: "..."})`);
    }
    const { text, inbox_ref } = parsed.data;
    return { ok: true, update: { text, ...(inbox_ref ? { inboxRef: inbox_ref } : {}), images: [] } };
  }
  let text = '';
  let inboxRef: string | undefined;
  const images: NewUpdate['images'] = [];
  const parts = request.parts({
    limits: { fileSize: UPDATE_LIMITS.imageBytes, files: UPDATE_LIMITS.images, fields: 4, fieldSize: UPDATE_LIMITS.textChars * 4 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'text') text = String(part.value);
      else if (part.fieldname === 'inbox_ref') inboxRef = String(part.value) || undefined;
      else return refuse(400, 'unknown_field', `unknown form field "${part.fieldname}": send text, inbox_ref and images`);
      continue;
    }
    if (part.fieldname !== 'images' && part.fieldname !== 'image') {
      return refuse(400, 'unknown_field', `files go in the "images" field, not "${part.fieldname}"`);
    }
    const data = await part.toBuffer();
    const mediaType = sniffImageType(data);
    if (!mediaType) {
      return refuse(415, 'unsupported_attachment', `${part.filename || 'the attachment'} is not a PNG, JPEG, GIF or WebP image`);
    }
    images.push({ name: part.filename || `image.${mediaType.slice(6)}`, mediaType, data });
  }
  return { ok: true, update: { text, ...(inboxRef ? { inboxRef } : {}), images } };
}
