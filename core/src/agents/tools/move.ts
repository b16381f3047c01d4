import { mkdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { forget, markChanged, type Session } from '../session.js';
import { resolveToolPath } from '../tool-paths.js';
import { kindOf, walkFolder } from './folder-walk.js';
import { checkFreshBytes } from './guarded-write.js';
import { shown, refused, type ToolOutcome } from '../../tools/index.js';
import { defineTool } from './tool.js';

/** The run's knowledge of each file follows it to its new path. */
function carryOver(session: Session, from: string, to: string): void {
  for (const [key, version] of [...session.seen]) {
    if (key === from || key.startsWith(`${from}/`)) session.seen.set(to + key.slice(from.length), version);
  }
  for (const key of [...session.created]) {
    if (key === from || key.startsWith(`${from}/`)) session.created.add(to + key.slice(from.length));
  }
  forget(session, from);
}

async function moveFile(session: Session, from: { rel: string; abs: string }, to: { rel: string; abs: string }): Promise<ToolOutcome> {
  const problem = await checkFreshBytes(session, from.rel, from.abs);
  if (problem) return problem;
  await mkdir(path.dirname(to.abs), { recursive: true });
  try {
    await session.writer.linkFile(from.abs, to.abs); // fails if the destination appeared meanwhile: never overwrites
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return refused(`${to.rel} already exists; pick another name.`);
    throw err;
  }
  await session.writer.removeFile(from.abs);
  session.knowerNotes?.move(from.rel, to.rel);
  carryOver(session, from.rel, to.rel);
  markChanged(session, from.rel, to.rel);
  return shown(`Moved ${from.rel} to ${to.rel}.`);
}

/**
 * Folders move without reading every file: a move changes no file's content, so nothing the
 * person wrote can be lost. Creating the destination first makes "it already exists" atomic.
 * A folder holding hidden files (`.obsidian/`, `.secret`) is refused, as delete refuses it: the
 * history never records dotfiles, so undoing the move would bring back what it can see and leave
 * the rest behind.
 */
async function moveFolder(session: Session, from: { rel: string; abs: string }, to: { rel: string; abs: string }): Promise<ToolOutcome> {
  if (to.rel.startsWith(`${from.rel}/`)) return refused(`Cannot move ${from.rel}/ into itself.`);
  const { files, hidden } = await walkFolder(from.abs, from.rel);
  if (hidden.length > 0) {
    return refused(`${from.rel}/ holds hidden files (${hidden.slice(0, 3).join(', ')}) that Knower cannot see or bring back if the move is undone. Move the files you mean to, one by one.`);
  }
  await mkdir(path.dirname(to.abs), { recursive: true });
  try {
    await mkdir(to.abs);
  } catch {
    return refused(`${to.rel} already exists; pick another name.`);
  }
  try {
    await session.writer.renameTree(from.abs, to.abs); // replaces only the empty folder just made
  } catch (err) {
    await rmdir(to.abs).catch(() => undefined);
    return refused(`Could not move ${from.rel}/: ${(err as Error).message}`);
  }
  session.knowerNotes?.move(from.rel, to.rel);
  carryOver(session, from.rel, to.rel);
  markChanged(session, ...files, ...files.map((f) => to.rel + f.slice(from.rel.length)));
  return shown(`Moved ${from.rel}/ to ${to.rel}/ (${files.length} files).`);
}

export const moveTool = defineTool({
  name: 'move',
  title: 'Move or rename',
  description:
    'Move or rename a file or folder; never overwrites. Use it to file a bucket note or an attachment into a project, ' +
    "or to move an inbox item's attachments where they belong. A file must have been read in this session and be unchanged since.",
  input: z.object({
    from: z.string().describe('Current path relative to the vault root, e.g. "bucket/2025-01-31-photo.png".'),
    to: z.string().describe('New path relative to the vault root, e.g. "projects/acme/photo.png". Must not exist yet.'),
  }),
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  async run({ from, to }, session) {
    const source = await resolveToolPath(session, from, 'move-from');
    if (!source.ok) return refused(source.error);
    const target = await resolveToolPath(session, to, 'move-to');
    if (!target.ok) return refused(target.error);
    const kind = await kindOf(source.abs);
    if (!kind) return refused(`${source.rel} does not exist.`);
    if (await kindOf(target.abs)) return refused(`${target.rel} already exists; pick another name.`);
    return kind === 'file' ? moveFile(session, source, target) : moveFolder(session, source, target);
  },
});
