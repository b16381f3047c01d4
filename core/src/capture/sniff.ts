import path from 'node:path';
import { ATTACHMENT_KINDS, type AttachmentKind } from '../api/index.js';

export interface Sniffed {
  kind: AttachmentKind;
  mediaType: string;
  /** The extension the kept file gets, without the dot: the type's own, or the sent name's for a plain file. */
  ext: string;
}

const startsWith = (bytes: Buffer, text: string, at = 0) => bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

function imageType(bytes: Buffer): string | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (/^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'image/webp';
  return undefined;
}

/** M4A and the ISO brands phones record voice memos in; a video's `ftyp` is a plain file. */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ', '3gp4', '3gp5', '3gp6', '3g2a']);

function audioType(bytes: Buffer): string | undefined {
  if (startsWith(bytes, 'ID3')) return 'audio/mpeg';
  // An MPEG audio frame without a tag: 11 sync bits, then a layer that is not "reserved".
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0) return 'audio/mpeg';
  if (startsWith(bytes, 'OggS')) return 'audio/ogg';
  if (startsWith(bytes, 'fLaC')) return 'audio/flac';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WAVE', 8)) return 'audio/wav';
  if (startsWith(bytes, 'ftyp', 4) && AUDIO_BRANDS.has(bytes.toString('latin1', 8, 12))) return 'audio/mp4';
  // EBML with the "webm" doctype: what browsers' MediaRecorder writes.
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3 && bytes.subarray(0, 64).includes('webm')) return 'audio/webm';
  return undefined;
}

/** A PDF's header may follow a few bytes of junk; readers look in the first kilobyte. */
const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

const TEXT_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.html': 'text/html',
  '.htm': 'text/html',
};

/** Valid UTF-8 without NUL bytes: text a person can read (a byte order mark is allowed). */
export function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const safeExt = (name: string) => {
  const ext = path.extname(name).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
};

/**
 * What a file is, from its first bytes (`head`): the name and the type the client declared are
 * not trusted (a `report.pdf` that is a PNG is an image; a `notes.txt` of binary bytes is a plain
 * file). A text kind needs both a text extension and bytes that are all UTF-8 text (`utf8`).
 */
export function sniffAttachment(head: Buffer, name: string, utf8: boolean): Sniffed {
  const image = imageType(head);
  if (image) return { kind: 'image', mediaType: image, ext: typeExt('image', image) };
  if (isPdf(head)) return { kind: 'pdf', mediaType: 'application/pdf', ext: 'pdf' };
  const audio = audioType(head);
  if (audio) return { kind: 'audio', mediaType: audio, ext: typeExt('audio', audio) };
  const textType = TEXT_TYPES[path.extname(name).toLowerCase()];
  if (textType && utf8) return { kind: 'text', mediaType: textType, ext: typeExt('text', textType) };
  return { kind: 'file', mediaType: 'application/octet-stream', ext: safeExt(name) };
}

function typeExt(kind: AttachmentKind, mediaType: string): string {
  return (ATTACHMENT_KINDS[kind].types as Record<string, string>)[mediaType] ?? '';
}

/** The limit for this kind, or why the file is over it. */
export function overLimit(kind: AttachmentKind, size: number): string | undefined {
  const { maxBytes, label } = ATTACHMENT_KINDS[kind];
  return size > maxBytes ? `is a ${label} of ${Math.ceil(size / (1024 * 1024))} MB; the limit for a ${label} is ${Math.round(maxBytes / (1024 * 1024))} MB` : undefined;
}
