import { z } from 'zod';
import { vaultPath } from '../api/index.js';
import { listTree } from '../vault/index.js';
import { READ_ONLY, refused, shown } from '../tools/index.js';
import { defineReadTool, readPath } from './reader.js';

/** Keeps one call from flooding the context: ~6k tokens; deeper or wider views are a call on a subfolder away. */
const MAX_CHARS = 24_000;

export const treeTool = defineReadTool({
  name: 'tree',
  title: 'List vault files',
  description:
    "List the files under a folder of the user's vault (or the whole vault) with token counts and update dates; levels below depth are summarised as file counts. " +
    "Use it to see how the vault is organised (projects/<name>/, bucket/, inbox/, the person's own folders) and to find paths to read.",
  input: z.object({
    path: vaultPath.default('').describe('Folder relative to the vault root, e.g. "projects" or "projects/acme"; "" (the default) for the whole vault.'),
    depth: z.number().int().min(1).max(10).default(2).describe('How many folder levels to expand below path (1-10, default 2).'),
  }),
  annotations: READ_ONLY,
  async run({ path, depth }, reader) {
    const target = await readPath(reader.root, path, true);
    if (!target.ok) return refused(target.error);
    const listing = listTree(reader.index, target.rel, depth, MAX_CHARS, await reader.ownChanges?.());
    if (listing.ok) return shown(listing.text);
    if (listing.reason === 'file') return refused(`${target.rel} is a file, not a folder: open it with read.`);
    if (!target.rel) return shown('(vault root)\n(no files yet)');
    return refused(`No files under ${target.rel}/ (it does not exist or is empty). Call tree with path "" to see the top level.`);
  },
});
