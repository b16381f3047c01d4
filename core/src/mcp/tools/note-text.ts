import { stat } from 'node:fs/promises';
import { budgetSentence, isTextContent, overBudget, readHead } from '../../vault/index.js';
import { readPath } from '../../vault-tools/index.js';

/** `readPart`: a note over the per-note budget, read only in part, says which part. */
export type NoteText = { ok: true; rel: string; text: string; readPart?: string } | { ok: false; error: string };

/**
 * One text file of the vault, through the same path rules as read, up to the per-note budget
 * (vault/note-budget.ts): a 187 MB note read whole froze the service for 20 s and took it to
 * 2 GB. Folders, missing and binary files are errors the caller can act on.
 */
export async function readTextNote(root: string, input: string, purpose: string): Promise<NoteText> {
  const target = await readPath(root, input);
  if (!target.ok) return target;
  const info = await stat(target.abs).catch(() => undefined);
  if (info?.isDirectory()) return { ok: false, error: `${target.rel} is a folder: list it with tree, then pick one of its notes.` };
  const head = await readHead(target.abs);
  if (head === undefined) return { ok: false, error: `${target.rel} does not exist. Use tree or search to find the right path.` };
  if (!isTextContent(head.bytes)) return { ok: false, error: `${target.rel} is a binary file: it has no headings.` };
  const part = overBudget(head.size) ? { readPart: budgetSentence(head.size, purpose) } : {};
  return { ok: true, rel: target.rel, text: head.bytes.toString('utf8'), ...part };
}
