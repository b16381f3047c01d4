import { randomBytes } from 'node:crypto';

export type FormPart = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** Names in a part header, escaped as browsers do (a quote or a line break cannot end the header early). */
const escape = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * multipart/form-data, written out by hand: FormData turns every "\n" of a text field into
 * "\r\n", and the text of an update must reach the vault exactly as written.
 */
export function encodeMultipart(parts: FormPart[]): { contentType: string; body: Buffer } {
  const boundary = `----knower-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escape(part.name)}"`;
    if ('filename' in part) head += `; filename="${escape(part.filename)}"\r\nContent-Type: ${part.type || 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), 'data' in part ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
