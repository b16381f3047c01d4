import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UPDATE_LIMITS } from '../api/index.js';
import { overLimit, sniffAttachment } from '../capture/index.js';
import { receiveFile, type NewAttachment } from '../records/index.js';

export type ReceiveOutcome = { ok: true; attachment: NewAttachment } | { ok: false; error: 'attachment_too_large'; message: string };

/**
 * One uploaded file, streamed to the store's incoming folder, its kind told from its bytes and
 * checked against that kind's limit. A refused file leaves nothing behind.
 */
export async function receiveAttachment(incomingDir: string, source: Readable, name: string): Promise<ReceiveOutcome> {
  const shown = name || 'the file';
  const received = await receiveFile(incomingDir, source, UPDATE_LIMITS.attachmentBytes);
  if (!received.ok) {
    return { ok: false, error: 'attachment_too_large', message: `${shown} is larger than ${UPDATE_LIMITS.attachmentBytes / (1024 * 1024)} MB, the limit for any file` };
  }
  const { file, size, sha256, head, utf8 } = received.received;
  const sniffed = sniffAttachment(head, name, utf8);
  const over = overLimit(sniffed.kind, size);
  if (over) {
    await rm(file, { force: true });
    return { ok: false, error: 'attachment_too_large', message: `${shown} ${over}` };
  }
  return { ok: true, attachment: { name: name || `${sniffed.kind}${sniffed.ext ? `.${sniffed.ext}` : ''}`, ...sniffed, file, size, sha256 } };
}

/** Files received for an update that was not accepted: removed (those of the incoming folder only). */
export async function discardReceived(incomingDir: string, attachments: readonly NewAttachment[]): Promise<void> {
  await Promise.all(attachments.filter((a) => a.file.startsWith(`${incomingDir}/`)).map((a) => rm(a.file, { force: true })));
}
