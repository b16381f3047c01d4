import path from 'node:path';
import type { SavedImage } from './attachments.js';
import { CHANGELOG } from './changelog.js';
import { slugify } from './note-text.js';
import { createBucketNote, firstLine, imageLinks, logOnce } from './offline/bucket-note.js';
import { markChanged, markSeen, type Session } from './session.js';
import type { UpdateInput } from './types.js';

const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/**
 * The end of a run in which the model changed nothing and asked nothing (the most common failure
 * of small local models: "Sure, I'll remember that!" and no tool call). The update is never
 * silently done: its text is filed into bucket/ as received, as the offline runner files it,
 * with the images the runner saved, and logged. Returns the note's path.
 */
export async function fileAsReceived(session: Session, input: UpdateInput, saved: SavedImage[], reply: string): Promise<string> {
  const title = firstLine(input.text) || 'Update';
  const stem = `${input.receivedAt.slice(0, 10)}-${slugify(title)}`;
  const images = saved.map((s) => path.basename(s.rel));
  const body = [
    input.text.trimEnd(),
    ...(images.length ? ['', ...imageLinks(images)] : []),
    '',
    '---',
    '',
    `_Filed as received: the model answered without filing it anywhere${reply ? ':' : '.'}_`,
    ...(reply ? ['', quote(reply.slice(0, 1000))] : []),
    '',
  ].join('\n');
  const note = await createBucketNote(session, stem, body, { title: JSON.stringify(title), source: 'unfiled' }, input.id);
  markSeen(session, note, body);
  markChanged(session, note);
  const logged = await logOnce(session, input.id, [`Filed into [${note}](${note}) as received: the model made no change and asked nothing`]);
  if (logged.includes(CHANGELOG)) markChanged(session, CHANGELOG);
  return note;
}
