import { listFolder, type FolderListing } from './folder-listing.js';
import { findFiles, searchablePaths, type FindResult, type SearchablePaths } from './find-files.js';
import type { VaultIndex } from './vault-index.js';
import { buildLinkIndex, resolveWikilinks, type LinkIndex } from './wikilinks.js';

export interface IndexViews {
  folder(path: string): FolderListing | undefined;
  find(query: string, limit: number): FindResult;
  resolve(targets: readonly string[], from: string): Record<string, string | null>;
}

/**
 * Read-only views of the vault index for the HTTP routes. Folders come straight from the index;
 * the name and link lookups are built on first use and kept until the index changes: a burst
 * of requests (a note's links, a typed name) costs one pass over the index, not one per request.
 */
type ViewedIndex = Pick<VaultIndex, 'values' | 'revision' | 'folder'>;

const viewsByIndex = new WeakMap<ViewedIndex, IndexViews>();

/**
 * The one set of views of an index: the palette's route and the agents' and MCP's `find` look
 * names up through the same views, with the same ranking and the same cache.
 */
export function indexViewsOf(index: ViewedIndex): IndexViews {
  let views = viewsByIndex.get(index);
  if (!views) viewsByIndex.set(index, (views = createIndexViews(index)));
  return views;
}

export function createIndexViews(index: Pick<VaultIndex, 'values' | 'revision' | 'folder'>): IndexViews {
  let revision = -1;
  let links: LinkIndex | undefined;
  let paths: SearchablePaths | undefined;
  const fresh = () => {
    if (index.revision === revision) return;
    revision = index.revision;
    links = paths = undefined;
  };
  return {
    folder: (path) => listFolder(index, path),
    find(query, limit) {
      fresh();
      paths ??= searchablePaths(index.values());
      return findFiles(paths, query, limit);
    },
    resolve(targets, from) {
      fresh();
      links ??= buildLinkIndex(index.values());
      return resolveWikilinks(links, targets, from);
    },
  };
}
