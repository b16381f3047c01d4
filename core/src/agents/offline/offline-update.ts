import path from 'node:path';
import { slugify } from '../note-text.js';
import type { RunDeps } from '../session.js';
import type { UpdateInput, UpdateOutcome } from '../types.js';
import { createBucketNote, firstLine, imageLinks, logOnce, saveImagesBeside } from './bucket-note.js';
import { offlineReply } from './offline-reply.js';

/**
 * Without a model, an update is filed as it came: a bucket note named from the date and its
 * first line, the images beside it, an entry in changelog.md. Replies to inbox items are carried
 * out mechanically (offlineReply). Nothing is interpreted, so nothing can be misfiled.
 */
export async function offlineUpdate(deps: RunDeps, input: UpdateInput): Promise<UpdateOutcome> {
  input.signal?.throwIfAborted();
  if (input.inboxRef) {
    const replied = await offlineReply(deps, input, input.inboxRef);
    if (replied) return replied;
  }
  const title = firstLine(input.text) || 'Update';
  const stem = `${input.receivedAt.slice(0, 10)}-${slugify(title)}`;
  const images = await saveImagesBeside(deps, input, stem);
  const body = [input.text.trimEnd(), ...(images.length ? ['', ...imageLinks(images.map((rel) => path.basename(rel)))] : []), ''].join('\n');
  const note = await createBucketNote(deps, stem, body, { title: JSON.stringify(title), source: 'offline' }, input.id);
  const logged = await logOnce(deps, input.id, [`Filed into [${note}](${note}) as received (offline mode: no model configured)`]);
  return { status: 'done', files: [note, ...images, ...logged].sort(), summary: `Filed into ${note} (offline mode: no model configured).` };
}
