import { isUtf8 } from 'node:buffer';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What a folder holds, as a delete or a move of it must know it before it touches anything. */
export interface FolderListing {
  /** Plain files (vault-relative): the only entries a delete or a move of the folder acts on. */
  files: string[];
  /** Sub-folders, deepest first: the order they can be removed in once emptied. */
  folders: string[];
  /** Dotfiles and dot-folders: the agent cannot see them and the history does not keep them. */
  hidden: string[];
  /** Names that are not valid UTF-8 (shown with U+FFFD): no path the agent, the journal or the history holds can name them. */
  notUtf8: string[];
  /** Links, pipes, sockets: the history keeps plain files only. */
  special: string[];
}

/** Every entry under a folder, sorted by what a delete or a move may do with it. */
export async function walkFolder(abs: string, rel: string): Promise<FolderListing> {
  const listing: FolderListing = { files: [], folders: [], hidden: [], notUtf8: [], special: [] };
  await walk(abs, rel, listing);
  return listing;
}

async function walk(abs: string, rel: string, into: FolderListing): Promise<void> {
  // Names read as bytes: decoded to strings, a name that is not UTF-8 comes back as another name,
  // one that no file has (or, worse, another file's).
  for (const d of await readdir(abs, { withFileTypes: true, encoding: 'buffer' })) {
    const name = d.name.toString('utf8');
    const childRel = `${rel}/${name}`;
    if (!isUtf8(d.name)) into.notUtf8.push(childRel);
    else if (name.startsWith('.')) into.hidden.push(childRel);
    else if (d.isDirectory()) {
      await walk(path.join(abs, name), childRel, into);
      into.folders.push(childRel);
    } else if (d.isFile()) into.files.push(childRel);
    else into.special.push(childRel);
  }
}

const some = (list: string[]) => `${list.slice(0, 3).join(', ')}${list.length > 3 ? ` and ${list.length - 3} more` : ''}`;

/**
 * Why a delete or a move of a whole folder is refused before anything is touched: it holds what
 * the agent cannot see, or what Knower's history cannot record, so undoing the change could not
 * bring it back (it would be left behind, or lost, while the undo reported the change undone).
 */
export function folderRefusal(rel: string, listing: FolderListing, verb: 'delete' | 'move'): string | undefined {
  const oneByOne = `Nothing was ${verb}d. ${verb === 'delete' ? 'Delete' : 'Move'} the files you mean to, one by one.`;
  const { hidden, notUtf8, special } = listing;
  if (hidden.length > 0) return `${rel}/ holds hidden files (${some(hidden)}) that Knower cannot see or bring back if the ${verb} is undone. ${oneByOne}`;
  if (notUtf8.length > 0) {
    return `${rel}/ holds ${some(notUtf8)}: ${notUtf8.length === 1 ? 'a name that is' : 'names that are'} not valid UTF-8 (shown with �). Knower cannot record such a name in its history, so it could not bring ${notUtf8.length === 1 ? 'it' : 'them'} back if the ${verb} were undone. ${oneByOne} Tell the person in your reply: they can rename ${notUtf8.length === 1 ? 'it' : 'them'} by hand.`;
  }
  if (special.length > 0) {
    return `${rel}/ holds ${some(special)}, which ${special.length === 1 ? 'is' : 'are'} not a plain file (a link, a pipe or a socket): Knower's history keeps plain files only, so it could not bring ${special.length === 1 ? 'it' : 'them'} back if the ${verb} were undone. ${oneByOne}`;
  }
  return undefined;
}

/** What is at a path now: a file, a folder, or nothing. Symlinks are judged by their target. */
export async function kindOf(abs: string): Promise<'file' | 'folder' | undefined> {
  try {
    return (await stat(abs)).isDirectory() ? 'folder' : 'file';
  } catch {
    return undefined;
  }
}
