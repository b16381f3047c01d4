import type { FastifyRequest } from 'fastify';
import type { NewUpdate } from '../records/index.js';
import { sniffImageType } from './image-types.js';
import { UPDATE_LIMITS } from '../api/index.js';

export type ShareBody = { ok: true; text: string; images: NewUpdate['images'] } | { ok: false; status: number; error: string; message: string };

const FIELDS = new Set(['title', 'text', 'url']);

/**
 * What a phone's share sheet sent (the manifest's share_target: title, text, url, images) as the
 * text and images of an update. Apps fill the fields unevenly (many put the link in `text`), so
 * empty and repeated parts are dropped.
 */
export async function readShareBody(request: FastifyRequest): Promise<ShareBody> {
  const fields: Record<string, string> = {};
  const images: NewUpdate['images'] = [];
  const parts = request.parts({
    limits: { fileSize: UPDATE_LIMITS.imageBytes, files: UPDATE_LIMITS.images, fields: 6, fieldSize: UPDATE_LIMITS.textChars * 4 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!FIELDS.has(part.fieldname)) {
        return { ok: false, status: 400, error: 'unknown_field', message: `unknown form field "${part.fieldname}": send title, text, url and images` };
      }
      fields[part.fieldname] = String(part.value).trim();
      continue;
    }
    if (part.fieldname !== 'images') {
      return { ok: false, status: 400, error: 'unknown_field', message: `files go in the "images" field, not "${part.fieldname}"` };
    }
    const data = await part.toBuffer();
    // A share with no file still sends an empty "images" part in some browsers.
    if (data.length === 0 && !part.filename) continue;
    const mediaType = sniffImageType(data);
    if (!mediaType) {
      return { ok: false, status: 415, error: 'unsupported_attachment', message: `${part.filename || 'the attachment'} is not a PNG, JPEG, GIF or WebP image` };
    }
    images.push({ name: part.filename || `shared.${mediaType.slice(6)}`, mediaType, data });
  }
  return { ok: true, text: shareText(fields), images };
}

/** "Title\n\ntext\n\nurl", leaving out a part another one already contains. */
export function shareText({ title = '', text = '', url = '' }: Record<string, string>): string {
  const parts = [...new Set([title, text, url].filter(Boolean))];
  return parts.filter((part) => !parts.some((other) => other !== part && other.includes(part))).join('\n\n');
}
