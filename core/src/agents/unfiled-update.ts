import path from 'node:path';
import { fileLinks } from './attachments.js';
import type { Captured } from './capture-step.js';
import { slugify } from './slug.js';
import { createBucketNote, firstLine, logOnce } from './offline/bucket-note.js';
import { markChanged, markSeen, type Session } from './session.js';
import type { UpdateInput } from './types.js';
import { CHANGELOG_FILE } from '../vault/index.js';

const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/**
 * The end of a run in which the model changed nothing and asked nothing (the most common failure
 * of small local models: "Sure, I'll remember that!" and no tool call). The update is never
 * silently done: its text is filed into bucket/ as received, as the offline runner files it,
 * with the files and notes the runner saved linked, and logged. Returns the note's path.
 */
export async function fileAsReceived(session: Session, input: UpdateInput, captured: Captured, reply: string): Promise<string> {
  const title = firstLine(input.text) || firstLine(input.url ?? '') || 'Update';
  const stem = `${input.receivedAt.slice(0, 10)}-${slugify(title)}`;
  const files = [...captured.saved.map((s) => s.rel), ...captured.notes].map((rel) => path.basename(rel));
  const body = [
    input.text.trimEnd(),
    ...(input.url ? ['', `<${input.url}>`] : []),
    ...(files.length ? ['', ...fileLinks(files)] : []),
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
  if (logged.includes(CHANGELOG_FILE)) markChanged(session, CHANGELOG_FILE);
  return note;
}
