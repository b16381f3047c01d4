/**
 * Decoders for the encodings a note may be saved in besides UTF-8. Knower reads notes in these to
 * list and search them, and never writes them back; which one applies is the note reader's call
 * (note-reader.ts, decodeNote).
 */

/**
 * Windows-1252's characters for the bytes 0x80–0x9F; every other byte is its Latin-1 code point.
 * The five bytes Windows-1252 leaves undefined stay C1 controls, as in WHATWG's decoder. Written
 * out because Node's TextDecoder decodes 'windows-1252' as plain Latin-1 on some versions (20 does),
 * and the service and its search worker may run different ones: a note must read the same in both.
 */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
].map((code) => String.fromCharCode(code));

/** Windows-1252 (a superset of Latin-1's printable characters): every byte is one character, so nothing is lost. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]!);
}

/** UTF-16 after its byte-order mark (dropped), or undefined when the bytes are not valid UTF-16. */
export function decodeUtf16(bytes: Uint8Array, bigEndian: boolean): string | undefined {
  if (bytes.length % 2 !== 0) return undefined;
  const le = Buffer.from(bytes);
  if (bigEndian) le.swap16();
  try {
    return new TextDecoder('utf-16le', { fatal: true }).decode(le);
  } catch {
    return undefined; // a lone surrogate: not text in any encoding Knower reads
  }
}

/** Which UTF-16 a byte-order mark announces, if the bytes start with one. */
export function utf16Mark(bytes: Uint8Array): 'le' | 'be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'be';
  return undefined;
}

/** Characters no text file holds: C0 controls other than tab, line breaks and form feed; DEL; C1 controls. */
const isControl = (code: number): boolean => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);

/** Whether decoded characters read as text (a binary file decoded byte by byte is full of controls). */
export function readsAsText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return false;
  return true;
}
