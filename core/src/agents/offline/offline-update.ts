import type { Capture } from '../../capture/index.js';
import { captureInput } from '../capture-step.js';
import { transcribeInVault } from '../transcribe-run.js';
import { writeClipNote } from '../capture-notes.js';
import { slugify } from '../slug.js';
import { newSession, type RunDeps } from '../session.js';
import type { UpdateInput, UpdateOutcome } from '../types.js';
import { createBucketNote, firstLine, logOnce } from './bucket-note.js';
import { captureSection } from './capture-sections.js';
import { offlineReply } from './offline-reply.js';

/**
 * Without a model, an update is filed as it came: one bucket note named from the date and its
 * first line (or a clipped page's title) holding the text, each file kept beside it with its
 * text (a PDF's, a transcript), and an entry in changelog.md. Replies to inbox items are carried
 * out mechanically (offlineReply). Nothing is interpreted, so nothing can be misfiled.
 */
export async function offlineUpdate(deps: RunDeps, capture: Capture, input: UpdateInput): Promise<UpdateOutcome> {
  input.signal?.throwIfAborted();
  const session = newSession(deps, 'update', { updateId: input.id });
  if (input.transcribe) {
    const { note, outcome } = await transcribeInVault(session, input.transcribe, capture, input.signal);
    const logged = await logOnce(deps, input.id, [`Transcribed ${input.transcribe.audio} into [${note}](${note})`]);
    return { status: 'done', files: [note, ...logged].sort(), summary: `Transcribed ${input.transcribe.audio} into ${note}.`, captures: [outcome] };
  }
  const title = firstLine(input.text) || firstLine(input.url ?? '') || 'Update';
  const stem = `${input.receivedAt.slice(0, 10)}-${slugify(title)}`;
  const captured = await captureInput(session, input, capture, { writeNotes: false, prefix: stem });
  const captures = captured.items.map((item) => item.outcome);
  const saved = captured.saved.map((s) => s.rel);
  if (input.inboxRef) {
    const replied = await offlineReply(deps, input, input.inboxRef, captured);
    if (replied) return { ...replied, captures };
  }
  const clip = captured.items.find((item) => item.clip && !item.outcome.problem);
  const sections = captured.items.filter((item) => item !== clip).flatMap(captureSection);
  let note: string;
  if (clip?.clip) {
    note = await writeClipNote(session, clip.clip.article, clip.clip.url, input, sections);
    clip.outcome.path = clip.outcome.note = note;
  } else {
    const body = [input.text.trimEnd(), ...sections, ''].join('\n').replace(/^\n+/, '');
    note = await createBucketNote(deps, stem, body, { title: JSON.stringify(title), source: 'offline' }, input.id);
  }
  for (const item of captured.items) if (item.file?.kind === 'audio') item.outcome.note = note;
  const logged = await logOnce(deps, input.id, [`Filed into [${note}](${note}) as received (offline mode: no model configured)`]);
  return { status: 'done', files: [note, ...saved, ...logged].sort(), summary: `Filed into ${note} (offline mode: no model configured).`, captures };
}
