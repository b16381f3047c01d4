import path from 'node:path';
import { makeFolder, makeFolders } from '../../vault/index.js';
import { markChanged, type Session } from '../session.js';
import { shown, refused, type ToolOutcome } from '../../tools/index.js';
import { carryOver, moveFile } from './file-move.js';
import { leftNote, removeEmptied } from './folder-leftovers.js';
import { folderRefusal, walkFolder } from './folder-walk.js';

type Place = { rel: string; abs: string };

/**
 * Folders move without reading every file: a move changes no file's content, so nothing the
 * person wrote can be lost. But they move file by file, exactly the files listed, never as one
 * rename: a rename would take along whatever was saved into the folder meanwhile, unlisted,
 * unjournaled, and left behind by an undo. Creating the destination first makes "it already
 * exists" atomic. A folder holding what Knower cannot see or record (hidden files, names that
 * are not UTF-8, links) is refused, as delete refuses it: undoing the move could not bring it back.
 */
export async function moveFolder(session: Session, from: Place, to: Place): Promise<ToolOutcome> {
  if (to.rel.startsWith(`${from.rel}/`)) return refused(`Cannot move ${from.rel}/ into itself.`);
  const listing = await walkFolder(from.abs, from.rel);
  const refusal = folderRefusal(from.rel, listing, 'move');
  if (refusal) return refused(refusal);
  await makeFolders(path.dirname(to.abs));
  try {
    await makeFolder(to.abs);
  } catch {
    return refused(`${to.rel} already exists; pick another name.`);
  }
  const dest = (rel: string) => to.rel + rel.slice(from.rel.length);
  const abs = (rel: string) => path.join(session.root, rel);
  // Parents before children; empty sub-folders come along too.
  for (const folder of [...listing.folders].reverse()) await makeFolders(abs(dest(folder)));
  const moved: string[] = [];
  const changed: string[] = [];
  for (const file of listing.files) {
    const outcome = await moveFile(session.writer, abs(file), abs(dest(file)));
    if (outcome === 'moved') {
      moved.push(file);
      session.knowerNotes?.move(file, dest(file));
      carryOver(session, file, dest(file));
    } else if (outcome !== 'missing') changed.push(file);
  }
  markChanged(session, ...moved, ...moved.map(dest));
  const left = await removeEmptied(session.root, from.rel, listing.folders);
  if (left.length === 0) return shown(`Moved ${from.rel}/ to ${to.rel}/ (${moved.length} files).`);
  // Nothing came across: the destination made for it goes again (only while empty).
  if (moved.length === 0) await removeEmptied(session.root, to.rel, listing.folders.map(dest));
  for (const entry of left) session.kept.add(entry);
  return shown(`Moved ${moved.length} of the ${listing.files.length} files in ${from.rel}/ to ${to.rel}/, but ${leftNote(from.rel, left, changed, 'move')}`);
}
