import { stat } from 'node:fs/promises';
import { isTextContent, readBytesIfExists } from '../../vault/index.js';
import { readPath } from '../../vault-tools/index.js';

export type NoteText = { ok: true; rel: string; text: string } | { ok: false; error: string };

/** One text file of the vault, through the same path rules as read; folders, missing and binary files are errors the caller can act on. */
export async function readTextNote(root: string, input: string): Promise<NoteText> {
  const target = await readPath(root, input);
  if (!target.ok) return target;
  const info = await stat(target.abs).catch(() => undefined);
  if (info?.isDirectory()) return { ok: false, error: `${target.rel} is a folder: list it with tree, then pick one of its notes.` };
  const bytes = await readBytesIfExists(target.abs);
  if (bytes === undefined) return { ok: false, error: `${target.rel} does not exist. Use tree or search to find the right path.` };
  if (!isTextContent(bytes)) return { ok: false, error: `${target.rel} is a binary file: it has no headings.` };
  return { ok: true, rel: target.rel, text: bytes.toString('utf8') };
}
