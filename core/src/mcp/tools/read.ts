import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { isNote, readTextIfExists, resolveVaultPath } from '../../vault/index.js';
import { defineMcpTool, READ_ONLY, toolError, toolText } from './tool.js';

/** ~50k tokens: more would flood the client's context; the rest is announced, not dropped silently. */
const MAX_CHARS = 200_000;

export const readTool = defineMcpTool({
  name: 'read',
  title: 'Read a note',
  description:
    "Read one markdown note from the user's Knower vault, YAML frontmatter included. " +
    'Use it on paths that search, tree or an ask answer pointed to, before relying on what a note says. ' +
    'Notes only: images and other files are refused.',
  input: z.object({
    path: z.string().min(1).max(4096).describe('Note path relative to the vault root, e.g. "projects/acme/state.md" or "overview.md".'),
  }),
  annotations: READ_ONLY,
  async run({ path }, deps) {
    const resolved = await resolveVaultPath(deps.root, path);
    if (!resolved.ok) {
      return toolError(`${resolved.message}. Give a path relative to the vault root, as listed by tree or search (e.g. "projects/acme/state.md").`);
    }
    const { rel, abs } = resolved;
    const info = await stat(abs).catch(() => undefined);
    if (info?.isDirectory()) return toolError(`${rel} is a folder: list it with the tree tool, then read one of its notes.`);
    if (!isNote(rel)) return toolError(`${rel} is not a markdown note; read returns notes (.md) only. Look for the note that links to it.`);
    const text = info?.isFile() ? await readTextIfExists(abs) : undefined;
    if (text === undefined) return toolError(`There is no note at ${rel}. Use tree or search to find the right path.`);
    if (text.length === 0) return toolText(`(${rel} is empty)`);
    if (text.length <= MAX_CHARS) return toolText(text);
    return toolText(`${text.slice(0, MAX_CHARS)}\n\n… ${rel} continues for ${text.length - MAX_CHARS} more characters (not shown).`);
  },
});
