import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { vaultPath } from '../api/index.js';
import { decodeNote, noteLines, readVaultBytes, whyNotRewritten, type NoteBytes } from '../vault/index.js';
import { READ_ONLY, refused, shown } from '../tools/index.js';
import { defineReadTool, readPath } from './reader.js';

/** ~50k tokens: beyond this a note is shown in part, and may then be edited but not rewritten. */
const MAX_CHARS = 200_000;

function describeBinary(rel: string, size: number): string {
  const ext = path.extname(rel).slice(1).toLowerCase() || 'binary';
  const kb = size < 1024 ? `${size} B` : `${Math.round(size / 1024)} KB`;
  return `${rel} is a binary file (${ext}, ${kb}); it cannot be shown as text. Notes link it (![description](relative/path)).`;
}

const lineNumber = z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000_000, 'is past any note');

/** Lines `from`-`to` of a text (1-based, inclusive, as search passages, outline and editors number them), saying which and of how many. */
function someLines(rel: string, text: string, from = 1, to?: number): { text: string; whole: boolean } | { error: string } {
  const lines = noteLines(text);
  const last = Math.min(to ?? lines.length, lines.length);
  if (from > lines.length) return { error: `${rel} has ${lines.length} line${lines.length === 1 ? '' : 's'}: line ${from} is past its end.` };
  if (last < from) return { error: `to (${to}) is before from (${from}).` };
  const shown = lines.slice(from - 1, last).join('\n');
  const whole = from === 1 && last === lines.length;
  return { text: `${rel}, lines ${from}-${last} of ${lines.length}:\n\n${shown}`, whole };
}

/** A note Knower reads but never rewrites (not UTF-8) is shown with a line saying so: the model then knows not to edit it. */
function headerOf(rel: string, decoded: Exclude<NoteBytes, { encoding: 'binary' }>): string {
  return decoded.rewritable ? '' : `(${rel} is shown as text, but ${whyNotRewritten(decoded)}: it can be moved or deleted, not edited.)\n\n`;
}

export const readTool = defineReadTool({
  name: 'read',
  title: 'Read a note',
  description:
    "Read one file of the user's vault in full, YAML frontmatter included (a very large note is shown in part, saying so), or only lines from-to of it. " +
    'Use it on the paths that tree, find or search point to, before relying on what a note says (in a long note, the lines of the passage search named, rather than the whole note) — and before changing, moving or deleting a file: ' +
    'changes to files not read in this session (or changed since) are refused.',
  input: z.object({
    path: vaultPath.min(1, 'is empty').describe('File path relative to the vault root, e.g. "projects/acme/state.md" or "overview.md".'),
    from: lineNumber.optional().describe("First line to show (1-based, frontmatter counted, as search passages give them); with to, only those lines of a long note. Default: the note's first line."),
    to: lineNumber.optional().describe('Last line to show (inclusive). Default: the last line.'),
  }),
  annotations: READ_ONLY,
  async run({ path: input, from, to }, reader) {
    const target = await readPath(reader.root, input);
    if (!target.ok) return refused(target.error);
    const info = await stat(target.abs).catch(() => undefined);
    if (info?.isDirectory()) return refused(`${target.rel} is a folder: list it with the tree tool, then read one of its files.`);
    // A FIFO would block the read until a writer came; a socket or device is no note either.
    if (info && !info.isFile()) return refused(`${target.rel} is not a regular file (a pipe, socket or device): Knower reads only files.`);
    // Regular files only, opened without blocking (a FIFO would hang the run).
    const bytes = await readVaultBytes(reader.root, target.rel);
    if (bytes === undefined) return refused(`${target.rel} does not exist. Use tree or search to find the right path.`);
    const decoded = decodeNote(bytes);
    if (decoded.encoding === 'binary') {
      reader.sawFile?.(target.rel, bytes, false);
      return shown(describeBinary(target.rel, bytes.length));
    }
    const { text } = decoded;
    if (from !== undefined || to !== undefined) {
      const part = someLines(target.rel, text, from, to);
      if ('error' in part) return refused(part.error);
      const over = part.text.length > MAX_CHARS;
      // Some lines only: the note may be edited, not rewritten whole.
      reader.sawFile?.(target.rel, bytes, over || !part.whole);
      return shown(headerOf(target.rel, decoded) + (over ? `${part.text.slice(0, MAX_CHARS)}\n\n… (more lines not shown: ask for fewer.)` : part.text));
    }
    const partial = text.length > MAX_CHARS;
    reader.sawFile?.(target.rel, bytes, partial);
    if (text.length === 0) return shown(`(${target.rel} is empty)`);
    if (!partial) return shown(headerOf(target.rel, decoded) + text);
    return shown(
      `${headerOf(target.rel, decoded)}${text.slice(0, MAX_CHARS)}\n\n… ${target.rel} continues for ${text.length - MAX_CHARS} more characters (not shown). Change it with edit or append; do not rewrite it whole.`,
    );
  },
});
