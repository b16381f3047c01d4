import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { resolveToolPath } from '../tool-paths.js';
import { markSeen } from '../session.js';
import { isTextContent, readBytesIfExists } from '../../vault/index.js';
import { defineTool, done, refuse } from './tool.js';

/** ~50k tokens: beyond this a note is shown in part, and may then be edited but not rewritten. */
const MAX_CHARS = 200_000;

function describeBinary(rel: string, size: number): string {
  const ext = path.extname(rel).slice(1).toLowerCase() || 'binary';
  const kb = size < 1024 ? `${size} B` : `${Math.round(size / 1024)} KB`;
  return `${rel} is a binary file (${ext}, ${kb}); it cannot be shown as text. Link it from a note (![description](relative/path)), move it, or delete it.`;
}

export const readTool = defineTool({
  name: 'read',
  description:
    'Read a whole vault file, frontmatter included. Read a file before you change, move or delete it: ' +
    'changes to files you have not read in this session (or that changed since you read them) are refused. ' +
    'Use it on the files the overview, tree or search point to.',
  input: z.object({
    path: z.string().describe('File path relative to the vault root, e.g. "projects/acme/state.md".'),
  }),
  annotations: { readOnly: true, destructive: false },
  async run({ path: input }, session) {
    const target = await resolveToolPath(session, input, 'read');
    if (!target.ok) return refuse(target.error);
    const info = await stat(target.abs).catch(() => undefined);
    if (info?.isDirectory()) return refuse(`${target.rel} is a folder: use the tree tool to list it.`);
    const bytes = await readBytesIfExists(target.abs);
    if (bytes === undefined) return refuse(`${target.rel} does not exist. Use tree or search to find the right path.`);
    markSeen(session, target.rel, bytes);
    session.read.add(target.rel);
    if (!isTextContent(bytes)) return done(describeBinary(target.rel, bytes.length));
    const text = bytes.toString('utf8');
    if (text.length === 0) return done(`(${target.rel} is empty)`);
    if (text.length <= MAX_CHARS) {
      session.partial.delete(target.rel);
      return done(text);
    }
    session.partial.add(target.rel);
    return done(`${text.slice(0, MAX_CHARS)}\n\n… ${target.rel} continues for ${text.length - MAX_CHARS} more characters (not shown). Change it with edit or append; do not rewrite it whole.`);
  },
});
