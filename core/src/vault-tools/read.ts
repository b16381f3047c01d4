import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { vaultPath } from '../api/index.js';
import { decodeNote, readVaultBytes, whyNotRewritten, type NoteBytes } from '../vault/index.js';
import { READ_ONLY, refused, shown } from '../tools/index.js';
import { defineReadTool, readPath } from './reader.js';

/** ~50k tokens: beyond this a note is shown in part, and may then be edited but not rewritten. */
const MAX_CHARS = 200_000;

function describeBinary(rel: string, size: number): string {
  const ext = path.extname(rel).slice(1).toLowerCase() || 'binary';
  const kb = size < 1024 ? `${size} B` : `${Math.round(size / 1024)} KB`;
  return `${rel} is a binary file (${ext}, ${kb}); it cannot be shown as text. Notes link it (![description](relative/path)).`;
}

/** A note Knower reads but never rewrites (not UTF-8) is shown with a line saying so: the model then knows not to edit it. */
function headerOf(rel: string, decoded: Exclude<NoteBytes, { encoding: 'binary' }>): string {
  return decoded.rewritable ? '' : `(${rel} is shown as text, but ${whyNotRewritten(decoded)}: it can be moved or deleted, not edited.)\n\n`;
}

export const readTool = defineReadTool({
  name: 'read',
  title: 'Read a note',
  description:
    "Read one file of the user's vault in full, YAML frontmatter included (a very large note is shown in part, saying so). " +
    'Use it on the paths that tree or search point to, before relying on what a note says — and before changing, moving or deleting a file: ' +
    'changes to files not read in this session (or changed since) are refused.',
  input: z.object({
    path: vaultPath.min(1, 'is empty').describe('File path relative to the vault root, e.g. "projects/acme/state.md" or "overview.md".'),
  }),
  annotations: READ_ONLY,
  async run({ path: input }, reader) {
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
    const partial = text.length > MAX_CHARS;
    reader.sawFile?.(target.rel, bytes, partial);
    if (text.length === 0) return shown(`(${target.rel} is empty)`);
    if (!partial) return shown(headerOf(target.rel, decoded) + text);
    return shown(
      `${headerOf(target.rel, decoded)}${text.slice(0, MAX_CHARS)}\n\n… ${target.rel} continues for ${text.length - MAX_CHARS} more characters (not shown). Change it with edit or append; do not rewrite it whole.`,
    );
  },
});
