import { z } from 'zod';
import { markChanged, type Session } from '../session.js';
import { resolveToolPath } from '../tool-paths.js';
import { carryOver, moveFile } from './file-move.js';
import { moveFolder } from './folder-move.js';
import { kindOf } from './folder-walk.js';
import { freshBytes, readAgain } from './guarded-write.js';
import { shown, refused, type ToolOutcome } from '../../tools/index.js';
import { defineTool } from './tool.js';

type Place = { rel: string; abs: string };

async function moveOne(session: Session, from: Place, to: Place): Promise<ToolOutcome> {
  const fresh = await freshBytes(session, from.rel, from.abs);
  if (!fresh.ok) return fresh.result;
  const outcome = await moveFile(session.writer, from.abs, to.abs);
  if (outcome === 'taken') return refused(`${to.rel} already exists; pick another name.`);
  if (outcome === 'changed') return refused(readAgain(from.rel));
  if (outcome === 'missing') return refused(`${from.rel} no longer exists.`);
  session.knowerNotes?.move(from.rel, to.rel);
  carryOver(session, from.rel, to.rel);
  markChanged(session, from.rel, to.rel);
  return shown(`Moved ${from.rel} to ${to.rel}.`);
}

export const moveTool = defineTool({
  name: 'move',
  title: 'Move or rename',
  description:
    'Move or rename a file or folder; never overwrites. Use it to file a bucket note or an attachment into a project, ' +
    "or to move an inbox item's attachments where they belong. A file must have been read in this session and be unchanged since. " +
    'A folder moves file by file: anything saved into it while it moves stays where it was, and the result names it.',
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
    return kind === 'file' ? moveOne(session, source, target) : moveFolder(session, source, target);
  },
});
