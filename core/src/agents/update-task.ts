import path from 'node:path';
import { getInboxItem } from '../inbox/index.js';
import type { ImageMediaType, UserPart } from '../llm/index.js';
import type { Captured, CapturedItem } from './capture-step.js';
import type { Transcribed } from './transcribe-run.js';
import { entryTime } from './changelog.js';
import { markSeen, type Session } from './session.js';
import type { UpdateInput } from './types.js';
import { isTextContent, readVaultBytes } from '../vault/index.js';

const IMAGE_TYPES: Record<string, ImageMediaType> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };
/** The Messages API refuses images over 5 MB; larger ones are described, not shown. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const imagePart = (mediaType: ImageMediaType, bytes: Buffer): UserPart => ({ type: 'image', mediaType, data: bytes.toString('base64') });

/**
 * The item being answered, read up front for the agent: shown whole and marked as read, so it
 * can route the files and delete the folder without another round trip.
 */
async function inboxItemParts(session: Session, ref: string): Promise<UserPart[]> {
  const item = await getInboxItem(session.root, ref);
  if (!item) {
    return [{ type: 'text', text: `Inbox item ${ref} no longer exists (already resolved or deleted by hand). Treat the reply as a normal update.` }];
  }
  const parts: UserPart[] = [{ type: 'text', text: `The inbox item inbox/${ref}/ holds: ${item.files.join(', ')}.` }];
  for (const rel of item.files) {
    // Through the path check again: the folder may have changed since it was listed.
    const bytes = await readVaultBytes(session.root, rel);
    if (!bytes) continue;
    markSeen(session, rel, bytes);
    session.read.add(rel);
    const mediaType = IMAGE_TYPES[path.extname(rel).toLowerCase()];
    if (isTextContent(bytes)) parts.push({ type: 'text', text: `<file path="${rel}">\n${bytes.toString('utf8')}\n</file>` });
    else if (mediaType && bytes.length <= MAX_IMAGE_BYTES) parts.push({ type: 'text', text: `Attachment ${rel}:` }, imagePart(mediaType, bytes));
    else parts.push({ type: 'text', text: `Attachment ${rel} (binary, ${bytes.length} bytes).` });
  }
  return parts;
}

/** Text of one captured file the model is shown; the rest stays in the vault (the note, the PDF). */
const ITEM_TEXT_CHARS = 20_000;
/** Text of all of an update's captured files together: the model's context holds the vault too. */
const TASK_TEXT_CHARS = 60_000;

function cut(text: string, room: number): { shown: string; cut: boolean } {
  return text.length <= room ? { shown: text, cut: false } : { shown: text.slice(0, room), cut: true };
}

/** What the model is told of one captured thing, and the text it is shown of it (within `room`). */
function itemParts(item: CapturedItem, room: number): { parts: UserPart[]; used: number } {
  const { outcome, file, clip, note } = item;
  if (clip && note) {
    const { shown, cut: partial } = cut(clip.article.markdown, Math.min(room, ITEM_TEXT_CHARS));
    const about = [clip.article.title && `title "${clip.article.title}"`, clip.article.site && `site ${clip.article.site}`, clip.article.published && `published ${clip.article.published}`]
      .filter(Boolean)
      .join(', ');
    return {
      parts: [
        {
          type: 'text',
          text: `The link ${clip.url} was clipped into ${note}${about ? ` (${about})` : ''}. Its text${partial ? ' (the start; read the note for the rest)' : ''}:\n<page>\n${shown}\n</page>`,
        },
      ],
      used: shown.length,
    };
  }
  if (!file)
    return { parts: [{ type: 'text', text: `The link ${outcome.source} could not be captured: ${outcome.problem ?? 'unknown reason'}. File the link and the user's words anyway.` }], used: 0 };
  const sent = outcome.source === file.name ? `sent as "${file.name}"` : `from ${outcome.source}`;
  const where = `${file.rel} (${file.kind}, ${sent}, ${file.bytes.length} bytes)`;
  const problem = outcome.problem ? ` Note: ${outcome.problem}.` : '';
  if (file.kind === 'image') {
    const parts: UserPart[] = [{ type: 'text', text: `${where}${problem}` }];
    if (file.bytes.length <= MAX_IMAGE_BYTES) parts.push(imagePart(file.mediaType as ImageMediaType, file.bytes));
    return { parts, used: 0 };
  }
  if (file.kind === 'audio' && outcome.awaiting) {
    return { parts: [{ type: 'text', text: `${where}: audio waiting for a transcriber; the note ${note ?? '(none)'} says so.${problem} Do not move either until it is transcribed.` }], used: 0 };
  }
  if (item.text === undefined || item.text.trim() === '') return { parts: [{ type: 'text', text: `${where}: kept as it is, not readable as text.${problem}` }], used: 0 };
  const { shown, cut: partial } = cut(item.text, Math.min(room, ITEM_TEXT_CHARS));
  const what = file.kind === 'audio' ? `Its transcript${note ? ` (kept in ${note})` : ''}` : file.kind === 'pdf' ? `Its text (${outcome.pages ?? '?'} pages)` : 'Its text';
  const rest = partial ? `, the start only: the whole ${file.kind === 'pdf' ? 'PDF is searchable by its text' : 'file is in the vault'}` : '';
  return { parts: [{ type: 'text', text: `${where}.${problem} ${what}${rest}:\n<file-text path="${file.rel}">\n${shown}\n</file-text>` }], used: shown.length };
}

/** The first user turn of an update run: ids and times, the text, what it carried (read), the inbox item. */
export async function buildUpdateTask(session: Session, input: UpdateInput, captured: Captured, transcribed?: Transcribed): Promise<UserPart[]> {
  const header = [
    `Update id: ${input.id}`,
    `Received: ${input.receivedAt}`,
    `Now: ${entryTime(session.clock())}`,
    input.inboxRef ? `This update is the user's reply to inbox item ${input.inboxRef}.` : 'File this update into the vault.',
  ].join('\n');
  const parts: UserPart[] = [{ type: 'text', text: `${header}\n\n<update>\n${input.text}\n</update>` }];
  if (input.url) parts.push({ type: 'text', text: `The update asks to keep this link: ${input.url}` });
  if (transcribed) {
    const { shown, cut: partial } = cut(transcribed.text, ITEM_TEXT_CHARS);
    parts.push({
      type: 'text',
      text:
        `The user asked for the voice note ${transcribed.outcome.source} to be transcribed; Knower wrote its transcript into ${transcribed.note}. ` +
        `File what it says where it belongs, as you would a text update (link ${transcribed.note} from where you file it; the note and the audio may stay or move together). ` +
        `The transcript${partial ? ' (the start; read the note for the rest)' : ''}:\n<transcript>\n${shown}\n</transcript>`,
    });
  }
  if (captured.items.length > 0) {
    parts.push({ type: 'text', text: `What the update carried, already saved in the vault by Knower:` });
    let room = TASK_TEXT_CHARS;
    for (const item of captured.items) {
      const { parts: more, used } = itemParts(item, room);
      parts.push(...more);
      room = Math.max(0, room - used);
    }
  }
  if (input.inboxRef) parts.push(...(await inboxItemParts(session, input.inboxRef)));
  return parts;
}
