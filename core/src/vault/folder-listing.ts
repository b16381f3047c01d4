import type { FolderListing } from '../api/index.js';
import { TREE_FILE } from '../api/vault-layout.js';
import type { VaultIndex } from './vault-index.js';

// The sidebar loads the vault one folder at a time: at 100k notes the flat listing is ~12 MB,
// while a folder's direct children are what a person can actually see.

// A folder's listing (its direct children, with the totals of everything below) is the wire's
// shape: api's FolderListing.
export type { FolderListing };

const byName = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * One folder's direct children, or undefined when the vault has no such folder. The index keeps
 * every folder's totals as files come and go, so a listing costs what the folder holds.
 */
export function listFolder(index: Pick<VaultIndex, 'folder'>, path: string): FolderListing | undefined {
  const folder = index.folder(path.replace(/^\/+|\/+$/g, ''));
  if (!folder) return undefined;
  return {
    path: folder.path,
    total: { files: folder.fileCount, tokens: folder.tokens },
    folders: [...folder.folders.values()].map((f) => ({ name: f.name, path: f.path, files: f.fileCount, tokens: f.tokens })).sort(byName),
    files: [...folder.files.values()].filter((e) => e.path !== TREE_FILE).sort(byName),
  };
}
