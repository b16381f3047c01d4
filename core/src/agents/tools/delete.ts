import path from 'node:path';
import { z } from 'zod';
import { forget, markChanged, type Session } from '../session.js';
import { resolveToolPath } from '../tool-paths.js';
import { leftNote, removeEmptied } from './folder-leftovers.js';
import { folderRefusal, kindOf, walkFolder, type FolderListing } from './folder-walk.js';
import { freshBytes, readAgain, removeChecked } from './guarded-write.js';
import { shown, refused, type ToolOutcome } from '../../tools/index.js';
import { defineTool } from './tool.js';
import { ITEM_NOTES, itemFolder } from '../../inbox/index.js';

type Checked = { ok: true; bytes: Map<string, Buffer> } | { ok: false; result: ToolOutcome };

/**
 * A folder may be deleted only when nothing in it could be lost unseen: nothing the agent cannot
 * see or the history cannot record, and every file in it was read or written by this run and is
 * unchanged since. That covers folders the run created itself and inbox items being resolved
 * (the runner reads those up front). An inbox item must first be emptied of its attachments,
 * so an image is never dropped with the item. Returns the bytes each file was checked to hold.
 */
async function checkFolder(session: Session, rel: string, listing: FolderListing): Promise<Checked> {
  const refusal = folderRefusal(rel, listing, 'delete');
  if (refusal) return { ok: false, result: refused(refusal) };
  const { files } = listing;
  if (session.inboxRef && rel === itemFolder(session.inboxRef)) {
    const attachments = files.filter((f) => !ITEM_NOTES.has(f.slice(rel.length + 1)));
    if (attachments.length > 0) {
      return { ok: false, result: refused(`${rel}/ still holds ${attachments.join(', ')}. Move each attachment where it belongs (bucket/ if unsure) before deleting the item.`) };
    }
  }
  const unread = files.filter((f) => !session.seen.has(f));
  if (unread.length > 0) {
    const named = `${unread.slice(0, 20).join(', ')}${unread.length > 20 ? ` and ${unread.length - 20} more` : ''}`;
    return { ok: false, result: refused(`Cannot delete ${rel}/: you have not read ${named} in this session. Read them first (or delete files one by one).`) };
  }
  const bytes = new Map<string, Buffer>();
  for (const file of files) {
    const fresh = await freshBytes(session, file, path.join(session.root, file));
    if (!fresh.ok) return { ok: false, result: refused(`Cannot delete ${rel}/: ${fresh.result.ok ? '' : fresh.result.error}`) };
    bytes.set(file, fresh.bytes);
  }
  return { ok: true, bytes };
}

/**
 * Deletes what was checked, file by file, each only if it still holds what was checked; then the
 * folders, each only once empty. Whatever appeared or changed meanwhile stays, and is reported.
 */
async function deleteFolder(session: Session, rel: string, abs: string): Promise<ToolOutcome> {
  const listing = await walkFolder(abs, rel);
  const checked = await checkFolder(session, rel, listing);
  if (!checked.ok) return checked.result;
  const removed: string[] = [];
  const changed: string[] = [];
  for (const [file, bytes] of checked.bytes) {
    const outcome = await removeChecked(session, path.join(session.root, file), bytes);
    if (outcome.ok) removed.push(file);
    else if (outcome.reason === 'changed') changed.push(file);
    // 'missing': deleted by hand meanwhile; gone either way, and not by this run.
  }
  for (const file of removed) forget(session, file);
  markChanged(session, ...removed);
  const left = await removeEmptied(session.root, rel, listing.folders);
  if (left.length === 0) {
    forget(session, rel);
    return shown(`Deleted ${rel}/ (${removed.length} file${removed.length === 1 ? '' : 's'}).`);
  }
  for (const entry of left) session.kept.add(entry);
  return shown(`Deleted ${removed.length} of the ${listing.files.length} files in ${rel}/, but ${leftNote(rel, left, changed, 'delete')}`);
}

export const deleteTool = defineTool({
  name: 'delete',
  title: 'Delete a file or folder',
  description:
    'Delete a file or a folder. Use it to remove a note that was merged elsewhere, or to delete the inbox item folder you resolved. ' +
    'A file must have been read in this session and be unchanged since; a folder only when every file in it was read (or created) by you. ' +
    'Anything saved into a folder while it is being deleted stays, and the result names it.',
  input: z.object({
    path: z.string().describe('File or folder path relative to the vault root, e.g. "bucket/old-note.md" or "inbox/<id>".'),
  }),
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  async run({ path: input }, session) {
    const target = await resolveToolPath(session, input, 'delete');
    if (!target.ok) return refused(target.error);
    const { rel, abs } = target;
    const kind = await kindOf(abs);
    if (!kind) return refused(`${rel} does not exist.`);
    if (kind === 'folder') return deleteFolder(session, rel, abs);
    const fresh = await freshBytes(session, rel, abs);
    if (!fresh.ok) return fresh.result;
    const removed = await removeChecked(session, abs, fresh.bytes);
    if (!removed.ok) return refused(removed.reason === 'missing' ? `${rel} no longer exists.` : readAgain(rel));
    forget(session, rel);
    markChanged(session, rel);
    return shown(`Deleted ${rel}.`);
  },
});
