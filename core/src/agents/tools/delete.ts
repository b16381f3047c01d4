import { z } from 'zod';
import { forget, markChanged, type Session } from '../session.js';
import { resolveToolPath } from '../tool-paths.js';
import { kindOf, walkFolder } from './folder-walk.js';
import { checkFreshBytes } from './guarded-write.js';
import { shown, refused, type ToolOutcome } from '../../tools/index.js';
import { defineTool } from './tool.js';
import { ITEM_NOTES, itemFolder } from '../../inbox/index.js';

/**
 * A folder may be deleted only when nothing in it could be lost unseen: no hidden entries
 * (the agent cannot see them), and every file in it was read or written by this run and is
 * unchanged since. That covers folders the run created itself and inbox items being resolved
 * (the runner reads those up front). An inbox item must first be emptied of its attachments,
 * so an image is never dropped with the item.
 */
async function folderProblem(session: Session, rel: string, abs: string, files: string[], hidden: string[]): Promise<ToolOutcome | undefined> {
  if (hidden.length > 0) return refused(`${rel}/ holds hidden files (${hidden.slice(0, 3).join(', ')}) that are not yours to delete. Delete the files you mean to, one by one.`);
  if (session.inboxRef && rel === itemFolder(session.inboxRef)) {
    const attachments = files.filter((f) => !ITEM_NOTES.has(f.slice(rel.length + 1)));
    if (attachments.length > 0) {
      return refused(`${rel}/ still holds ${attachments.join(', ')}. Move each attachment where it belongs (bucket/ if unsure) before deleting the item.`);
    }
  }
  const unread = files.filter((f) => !session.seen.has(f));
  if (unread.length > 0) {
    return refused(
      `Cannot delete ${rel}/: you have not read ${unread.slice(0, 20).join(', ')}${unread.length > 20 ? ` and ${unread.length - 20} more` : ''} in this session. Read them first (or delete files one by one).`,
    );
  }
  for (const file of files) {
    const problem = await checkFreshBytes(session, file, `${abs}${file.slice(rel.length)}`);
    if (problem) return refused(`Cannot delete ${rel}/: ${problem.ok ? '' : problem.error}`);
  }
  return undefined;
}

export const deleteTool = defineTool({
  name: 'delete',
  title: 'Delete a file or folder',
  description:
    'Delete a file or a folder. Use it to remove a note that was merged elsewhere, or to delete the inbox item folder you resolved. ' +
    'A file must have been read in this session and be unchanged since; a folder only when every file in it was read (or created) by you.',
  input: z.object({
    path: z.string().describe('File or folder path relative to the vault root, e.g. "bucket/old-note.md" or "inbox/<id>".'),
  }),
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  async run({ path }, session) {
    const target = await resolveToolPath(session, path, 'delete');
    if (!target.ok) return refused(target.error);
    const { rel, abs } = target;
    const kind = await kindOf(abs);
    if (!kind) return refused(`${rel} does not exist.`);
    if (kind === 'file') {
      const problem = await checkFreshBytes(session, rel, abs);
      if (problem) return problem;
      // The check and the unlink are microseconds apart; the check is what keeps hand edits safe.
      await session.writer.removeFile(abs);
      forget(session, rel);
      markChanged(session, rel);
      return shown(`Deleted ${rel}.`);
    }
    const { files, hidden } = await walkFolder(abs, rel);
    const problem = await folderProblem(session, rel, abs, files, hidden);
    if (problem) return problem;
    await session.writer.removeTree(abs);
    forget(session, rel);
    markChanged(session, ...files);
    return shown(`Deleted ${rel}/ (${files.length} file${files.length === 1 ? '' : 's'}).`);
  },
});
