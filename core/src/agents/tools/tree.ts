import { stat } from 'node:fs/promises';
import nodePath from 'node:path';
import { z } from 'zod';
import { isNote, listTree, type IndexEntry, type OwnChanges } from '../../vault/index.js';
import type { Session } from '../session.js';
import { resolveToolPath } from '../tool-paths.js';
import { defineTool, done, refuse } from './tool.js';

/** Keeps one tree call from flooding the context: ~6k tokens. */
const MAX_CHARS = 24_000;

/**
 * The index catches up with a write a moment later (the background job waits for quiet):
 * the files this run created, moved or deleted are listed as they are on disk now.
 */
async function ownChanges(session: Session): Promise<OwnChanges> {
  const extra: IndexEntry[] = [];
  const hidden = new Set<string>();
  for (const rel of session.changed) {
    const info = await stat(nodePath.join(session.root, rel)).catch(() => undefined);
    if (!info?.isFile()) hidden.add(rel);
    else if (!session.index.has(rel)) extra.push({ path: rel, kind: isNote(rel) ? 'note' : 'file', size: info.size });
  }
  return { extra, hidden };
}

export const treeTool = defineTool({
  name: 'tree',
  description:
    'List the files under a vault folder with token counts and update dates; deeper levels are summarised as file counts. ' +
    'Use it to explore a part of the vault the overview does not show in detail (e.g. tree("projects/acme", 2)) before reading files.',
  input: z.object({
    path: z.string().describe('Folder relative to the vault root, e.g. "projects" or "projects/acme"; "" for the whole vault.'),
    depth: z.number().int().min(1).max(10).default(2).describe('How many folder levels to expand below path (1-10, default 2).'),
  }),
  annotations: { readOnly: true, destructive: false },
  async run({ path, depth }, session) {
    const target = await resolveToolPath(session, path, 'list');
    if (!target.ok) return refuse(target.error);
    const listing = listTree(session.index, target.rel, depth, MAX_CHARS, await ownChanges(session));
    if (listing.ok) return done(listing.text);
    if (!target.rel) return done('(vault root)\n(no files yet)');
    return refuse(`No files under ${target.rel}/ (it does not exist, is empty, or is a file: use read for a file).`);
  },
});
