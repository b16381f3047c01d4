import { z } from 'zod';
import { listTree, resolveVaultPath } from '../../vault/index.js';
import { defineMcpTool, READ_ONLY, toolError, toolText } from './tool.js';

/** ~10k tokens per call; deeper or wider views are a call on a subfolder away. */
const MAX_CHARS = 40_000;

export const treeTool = defineMcpTool({
  name: 'tree',
  title: 'List vault files',
  description:
    "List the files in the user's Knower vault (or one folder of it) with token counts and update dates; levels below depth are summarised as file counts. " +
    'Use it to see how the vault is organised (projects/<name>/, bucket/, inbox/) and to find note paths to read. ' +
    'Files written in the last moments may not be listed yet.',
  input: z.object({
    path: z.string().max(4096).default('').describe('Folder relative to the vault root, e.g. "projects" or "projects/acme"; "" (the default) for the whole vault.'),
    depth: z.number().int().min(1).max(10).default(2).describe('How many folder levels to expand below path (1-10, default 2).'),
  }),
  annotations: READ_ONLY,
  async run({ path, depth }, deps) {
    const resolved = await resolveVaultPath(deps.root, path, { allowRoot: true });
    if (!resolved.ok) return toolError(`${resolved.message}. Give a folder relative to the vault root, e.g. "projects", or "" for the whole vault.`);
    const listing = listTree(deps.index, resolved.rel, depth, MAX_CHARS);
    if (listing.ok) return toolText(listing.text);
    if (listing.reason === 'file') return toolError(`${resolved.rel} is a file, not a folder: open it with read.`);
    if (!resolved.rel) return toolText('(vault root)\n(no files yet)');
    return toolError(`No files under ${resolved.rel}/ (it does not exist or is empty). Call tree with path "" to see the top level.`);
  },
});
