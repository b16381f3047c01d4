import { ATTACHMENT_KINDS, attachmentKinds, formatMegabytes, UPDATE_LIMITS, type AttachmentKind } from '@knower/api';
import { extension } from './vault-path';

// What the composer takes, from the one table of kinds and limits (api/attachments.ts). The
// service tells a file's kind from its bytes; the app only knows what the file declares (its
// type, else its name), so this is a pre-check that spares a person a long upload bound to be
// refused. Whatever passes here and is still refused comes back in the service's own words.

type Declared = { name: string; type: string };

/** The kind a file declares: its media type, else its name's extension; anything else is a plain file. */
export function declaredKind({ name, type }: Declared): AttachmentKind {
  const media = type.split(';')[0]!.trim().toLowerCase();
  const ext = extension(name);
  for (const kind of attachmentKinds) {
    if (kind === 'file') continue;
    const types: Record<string, string> = ATTACHMENT_KINDS[kind].types;
    if (media in types) return kind;
  }
  // Browsers name some types their own way (audio/x-m4a, audio/aac): the family is enough.
  if (media.startsWith('audio/')) return 'audio';
  for (const kind of attachmentKinds) {
    if (kind === 'file' || !ext) continue;
    if (Object.values<string>(ATTACHMENT_KINDS[kind].types).includes(ext)) return kind;
  }
  return 'file';
}

/**
 * The size a file may have by what it declares. A plain file may turn out to be anything once
 * its bytes are read (an audio file sent as octet-stream), so it gets the largest limit.
 */
export function declaredLimit(kind: AttachmentKind): { bytes: number; what: string } {
  if (kind === 'file') return { bytes: UPDATE_LIMITS.attachmentBytes, what: 'any file' };
  return { bytes: ATTACHMENT_KINDS[kind].maxBytes, what: aKind(kind) };
}

/** "an image", "a PDF", "any other file" */
const aKind = (kind: AttachmentKind) => {
  const { label } = ATTACHMENT_KINDS[kind];
  return kind === 'file' ? 'any other file' : `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
};

/** "10 MB for an image, 50 MB for a PDF, …": the limit of each kind, as the service applies it once it has read the bytes. */
export const limitsInWords = (): string => attachmentKinds.map((kind) => `${formatMegabytes(ATTACHMENT_KINDS[kind].maxBytes)} for ${aKind(kind)}`).join(', ');

export type Admitted<F extends Declared> = { accepted: Array<{ file: F; kind: AttachmentKind }>; notice: string | null };

/** Which of `files` join the `held` already attached, and what to tell the person about the rest. */
export function admitFiles<F extends Declared & { size: number }>(held: number, files: readonly F[]): Admitted<F> {
  const accepted: Admitted<F>['accepted'] = [];
  const problems: string[] = [];
  let overCount = 0;
  for (const file of files) {
    const kind = declaredKind(file);
    const limit = declaredLimit(kind);
    if (file.size > limit.bytes) {
      problems.push(`${file.name} is larger than ${formatMegabytes(limit.bytes)}, the limit for ${limit.what}.`);
    } else if (held + accepted.length >= UPDATE_LIMITS.attachments) overCount += 1;
    else accepted.push({ file, kind });
  }
  if (overCount > 0) problems.push(`At most ${UPDATE_LIMITS.attachments} files per message: ${overCount} ${overCount === 1 ? 'was' : 'were'} left out.`);
  return { accepted, notice: problems.length > 0 ? problems.join(' ') : null };
}

/** "PDF", "audio file": what a kind is called in the app. */
export const kindLabel = (kind: AttachmentKind | 'page'): string => (kind === 'page' ? 'web page' : ATTACHMENT_KINDS[kind].label);
