import path from 'node:path';
import { getInboxItem } from '../inbox/index.js';
import type { ImageMediaType, UserPart } from '../llm/index.js';
import type { SavedImage } from './attachments.js';
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

/** The first user turn of an update run: ids and times, the text, the images, the inbox item. */
export async function buildUpdateTask(session: Session, input: UpdateInput, saved: SavedImage[]): Promise<UserPart[]> {
  const header = [
    `Update id: ${input.id}`,
    `Received: ${input.receivedAt}`,
    `Now: ${entryTime(session.clock())}`,
    input.inboxRef ? `This update is the user's reply to inbox item ${input.inboxRef}.` : 'File this update into the vault.',
  ].join('\n');
  const parts: UserPart[] = [{ type: 'text', text: `${header}\n\n<update>\n${input.text}\n</update>` }];
  if (saved.length > 0) {
    parts.push({ type: 'text', text: `The update came with ${saved.length} image(s), already saved in the vault:` });
    for (const s of saved) {
      parts.push({ type: 'text', text: `${s.rel} (sent as "${s.image.name}")` });
      if (s.bytes.length <= MAX_IMAGE_BYTES) parts.push(imagePart(s.image.mediaType, s.bytes));
    }
  }
  if (input.inboxRef) parts.push(...(await inboxItemParts(session, input.inboxRef)));
  return parts;
}
