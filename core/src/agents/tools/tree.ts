import { z } from 'zod';
import { renderTreeListing } from '../../vault/index.js';
import { resolveToolPath } from '../tool-paths.js';
import { defineTool, done, refuse } from './tool.js';

/** Keeps one tree call from flooding the context: ~6k tokens. */
const MAX_CHARS = 24_000;

export const treeTool = defineTool({
  name: 'tree',
  description:
    'List the files under a vault folder with token counts and update dates; deeper levels are summarised as file counts. ' +
    'Use it to explore a part of the vault the overview does not show in detail (e.g. tree("projects/acme", 2)) before reading files. ' +
    'Files written in the last moments may not be listed yet.',
  input: z.object({
    path: z.string().describe('Folder relative to the vault root, e.g. "projects" or "projects/acme"; "" for the whole vault.'),
    depth: z.number().int().min(1).max(10).default(2).describe('How many folder levels to expand below path (1-10, default 2).'),
  }),
  annotations: { readOnly: true, destructive: false },
  async run({ path, depth }, session) {
    const target = await resolveToolPath(session, path, 'list');
    if (!target.ok) return refuse(target.error);
    const entries = session.index.list();
    const under = target.rel || undefined;
    if (under && !entries.some((e) => e.path.startsWith(`${under}/`))) {
      return refuse(`No files under ${under}/ (it does not exist, is empty, or is a file: use read for a file).`);
    }
    let listing = renderTreeListing(entries, { maxDepth: depth, ...(under ? { under } : {}) });
    if (listing.length > MAX_CHARS) {
      const cut = listing.lastIndexOf('\n', MAX_CHARS);
      listing = `${listing.slice(0, cut)}\n… listing cut here: call tree on a subfolder or with a smaller depth.`;
    }
    return done(`${under ? `${under}/` : '(vault root)'}\n${listing}`);
  },
});
