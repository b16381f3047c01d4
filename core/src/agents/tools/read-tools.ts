import { stat } from 'node:fs/promises';
import nodePath from 'node:path';
import { isNote, type IndexEntry, type OwnChanges } from '../../vault/index.js';
import { findTool as find, readTool as read, searchTool as search, treeTool as tree, type ReadTool, type VaultReader } from '../../vault-tools/index.js';
import { markSeen, type Session } from '../session.js';
import { defineTool, type AgentTool } from './tool.js';

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

/** The vault as a run sees it: what it is shown is remembered (write safety, answer sources). */
function readerOf(session: Session): VaultReader {
  return {
    root: session.root,
    index: session.index,
    search: session.search,
    defaultMode: session.defaultSearchMode,
    sawFile(rel, bytes, partial) {
      markSeen(session, rel, bytes);
      session.read.add(rel);
      // Shown in part: a full rewrite would lose the rest.
      if (partial) session.partial.add(rel);
      else session.partial.delete(rel);
    },
    sawSearch(result) {
      for (const hit of result.results) session.surfaced.add(hit.path);
      if (result.degraded) session.degraded = result.degraded;
    },
    ownChanges: () => ownChanges(session),
  };
}

/** A read-only vault tool as the agents call it: the same tool, reading through the run's session. */
function forAgents(tool: ReadTool): AgentTool {
  return defineTool({ ...tool, run: (input, session) => tool.run(input, readerOf(session)) });
}

export const findTool = forAgents(find);
export const readTool = forAgents(read);
export const searchTool = forAgents(search);
export const treeTool = forAgents(tree);
