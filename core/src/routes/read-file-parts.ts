import type { FastifyRequest } from 'fastify';
import { UPDATE_LIMITS } from '../api/index.js';
import type { NewAttachment } from '../records/index.js';
import type { Updates } from '../updates/index.js';

/** Form fields files may come in: `files`, and the names images came in before any file could. */
const FILE_FIELDS = new Set(['files', 'file', 'images', 'image']);

/** A body refused on the way: its code (the edge gives the status). */
export type PartsRefusal = { ok: false; error: 'unknown_field' | 'attachment_too_large'; message: string };

export type FileParts<F extends string> = { ok: true; fields: Partial<Record<F, string>>; attachments: NewAttachment[] } | PartsRefusal;

/**
 * A multipart body's fields (only those named) and its files, each streamed to disk through the
 * update door as it arrives. Whatever is refused on the way, the files received so far are removed.
 */
export async function readFileParts<F extends string>(
  request: FastifyRequest,
  updates: Pick<Updates, 'receive' | 'discard'>,
  opts: { fields: readonly F[]; fieldSize: number },
): Promise<FileParts<F>> {
  const fields: Partial<Record<F, string>> = {};
  const attachments: NewAttachment[] = [];
  const refuse = async (error: PartsRefusal['error'], message: string): Promise<FileParts<F>> => {
    await updates.discard(attachments);
    return { ok: false, error, message };
  };
  const parts = request.parts({
    limits: { fileSize: UPDATE_LIMITS.attachmentBytes, files: UPDATE_LIMITS.attachments, fields: opts.fields.length + 2, fieldSize: opts.fieldSize },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!(opts.fields as readonly string[]).includes(part.fieldname)) {
          return await refuse('unknown_field', `unknown form field "${part.fieldname}": send ${opts.fields.join(', ')} and files`);
        }
        fields[part.fieldname as F] = String(part.value);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) return await refuse('unknown_field', `files go in the "files" field, not "${part.fieldname}"`);
      // A form with no file still sends an empty file part in some browsers.
      const received = await updates.receive(part.file, part.filename);
      if (!received.ok) return await refuse(received.error, received.message);
      if (received.attachment.size === 0 && !part.filename) {
        await updates.discard([received.attachment]);
        continue;
      }
      attachments.push(received.attachment);
    }
  } catch (err) {
    await updates.discard(attachments);
    throw err;
  }
  return { ok: true, fields, attachments };
}
