import { overlayView, renderTreeListing } from './tree-md.js';
import { VaultIndex, type IndexEntry } from './vault-index.js';

export type TreeListing = { ok: true; text: string } | { ok: false; reason: 'file' | 'empty' };

/** A run's own changes the index has not caught up with yet (the job waits for quiet). */
export interface OwnChanges {
  extra: IndexEntry[];
  hidden: ReadonlySet<string>;
}

/** Files listed per folder before "… and N more files": a call stays cheap on a folder of 100k files. */
const FILES_PER_FOLDER = 1_000;

/**
 * One folder of the vault, `depth` levels deep, cut at `maxChars` with a hint: what the tree
 * tools show (the agents' and MCP's alike).
 */
export function listTree(index: VaultIndex, under: string, depth: number, maxChars: number, own?: OwnChanges): TreeListing {
  const overlay = new VaultIndex();
  for (const entry of own?.extra ?? []) overlay.set(entry);
  const hidden = own?.hidden ?? new Set<string>();
  if (under && (index.get(under) || overlay.get(under)) && !hidden.has(under)) return { ok: false, reason: 'file' };
  const view = overlayView(index.folder(under), overlay.folder(under), hidden, under.slice(under.lastIndexOf('/') + 1), under);
  if (view.fileCount === 0) return { ok: false, reason: 'empty' };
  let text = renderTreeListing(view, { maxDepth: depth, filesPerFolder: FILES_PER_FOLDER });
  if (text.length > maxChars) {
    text = `${text.slice(0, text.lastIndexOf('\n', maxChars))}\n… listing cut here: call tree on a subfolder or with a smaller depth.`;
  }
  return { ok: true, text: `${under ? `${under}/` : '(vault root)'}\n${text}` };
}
