import { decodeNote, formatDateField, isNote, parseNote, readBytesIfExists, type RemoveOutcome, setFrontmatterFields, timestamp, tokenCount, versionKey, whyNotRewritten } from '../../vault/index.js';
import { markChanged, markSeen, type Session } from '../session.js';
import { resolveToolPath } from '../tool-paths.js';
import { kindOf } from './folder-walk.js';
import { shown, refused, type ToolOutcome } from '../../tools/index.js';

export type FileTarget = { ok: true; rel: string; abs: string; exists: boolean } | { ok: false; result: ToolOutcome };

/** A file the agent means to write to: sandboxed as a change or a creation, never a folder. */
export async function fileTarget(session: Session, path: string): Promise<FileTarget> {
  const probe = await resolveToolPath(session, path, 'read');
  if (!probe.ok) return { ok: false, result: refused(probe.error) };
  const kind = await kindOf(probe.abs);
  if (kind === 'folder') return { ok: false, result: refused(`${probe.rel} is a folder; give a file path.`) };
  const target = await resolveToolPath(session, path, kind ? 'change' : 'create');
  if (!target.ok) return { ok: false, result: refused(target.error) };
  return { ok: true, rel: target.rel, abs: target.abs, exists: kind !== undefined };
}

export type Fresh = { ok: true; current: string } | { ok: false; result: ToolOutcome };

/** A note Knower never rewrites (not UTF-8, read-only): why, and what the model can do instead. */
const leaveIt = (rel: string, why: string) =>
  `${rel} cannot be changed: ${why}. Nothing was written. Leave it as it is (it can still be moved or deleted), or put what you meant to add into another note.`;

export const readAgain = (rel: string) => `${rel} changed on disk since you read it (probably edited by hand). Nothing was written. Read it again and redo your change on what it holds now.`;

/**
 * The write-safety rule: an existing file may be changed only if this run read it and it has
 * not changed since (job-managed frontmatter fields aside). Returns the text on disk now, which
 * the change is applied to and which the compare-and-swap expects.
 */
export async function currentIfFresh(session: Session, rel: string, abs: string): Promise<Fresh> {
  const bytes = await readBytesIfExists(abs);
  if (bytes === undefined) return { ok: false, result: refused(`${rel} does not exist (or is a folder).`) };
  const decoded = decodeNote(bytes);
  if (decoded.encoding === 'binary') return { ok: false, result: refused(`${rel} is a binary file: it can be moved or deleted, not edited.`) };
  // Writing it back as UTF-8 would change every byte that is not ASCII, for good.
  if (!decoded.rewritable) return { ok: false, result: refused(leaveIt(rel, whyNotRewritten(decoded)!)) };
  const current = decoded.text;
  const seen = session.seen.get(rel);
  if (seen === undefined) {
    return { ok: false, result: refused(`You have not read ${rel} in this session. Read it first, then make your change.`) };
  }
  if (seen !== versionKey(current)) return { ok: false, result: refused(readAgain(rel)) };
  return { ok: true, current };
}

export type FreshBytes = { ok: true; bytes: Buffer } | { ok: false; result: ToolOutcome };

/**
 * Like currentIfFresh for any file (binary too), by its bytes: for delete and move. The bytes
 * returned are what the removal then checks the file still holds.
 */
export async function freshBytes(session: Session, rel: string, abs: string): Promise<FreshBytes> {
  const seen = session.seen.get(rel);
  if (seen === undefined) return { ok: false, result: refused(`You have not read ${rel} in this session. Read it first.`) };
  const bytes = await readBytesIfExists(abs);
  if (bytes === undefined) return { ok: false, result: refused(`${rel} no longer exists.`) };
  if (seen !== versionKey(bytes)) return { ok: false, result: refused(readAgain(rel)) };
  return { ok: true, bytes };
}

/**
 * Removes a file only while it holds what was checked. The background job stamping tokens or
 * updated meanwhile is not a hand edit (versionKey leaves those fields out): the removal swaps
 * over its version, as commitChange does for a write.
 */
export async function removeChecked(session: Session, abs: string, checked: Buffer): Promise<RemoveOutcome> {
  let expected = checked;
  let outcome = await session.writer.removeIfUnchanged(abs, expected);
  for (let attempt = 0; !outcome.ok && outcome.reason === 'changed' && attempt < 3; attempt++) {
    const disk = await readBytesIfExists(abs);
    if (disk === undefined || versionKey(disk) !== versionKey(checked)) break;
    expected = disk;
    outcome = await session.writer.removeIfUnchanged(abs, expected);
  }
  return outcome;
}

/** Compare-and-swap over the content the freshness check saw; the agent then knows its own write. */
export async function commitChange(session: Session, rel: string, abs: string, current: string, next: string, what: string): Promise<ToolOutcome> {
  let expect = current;
  let outcome = await session.writer.write(abs, next, { expect });
  // The background job stamping tokens/updated meanwhile is not a hand edit: swap over its version.
  for (let attempt = 0; !outcome.ok && outcome.reason === 'changed' && attempt < 3; attempt++) {
    const disk = await readBytesIfExists(abs);
    if (disk === undefined || versionKey(disk) !== versionKey(current)) break;
    expect = disk.toString('utf8');
    outcome = await session.writer.write(abs, next, { expect });
  }
  if (!outcome.ok) {
    if (outcome.reason === 'read-only') return refused(leaveIt(rel, 'it is read-only (its file permissions allow no writing)'));
    return refused(outcome.reason === 'missing' ? `${rel} was deleted while you worked on it.` : readAgain(rel));
  }
  markSeen(session, rel, next);
  markChanged(session, rel);
  return shown(`${what} ${rel}.`);
}

/**
 * A note Knower creates carries created/updated/tokens from birth, wherever it is. The job tells
 * it from the person's own notes by Knower's record (commitCreate adds it), never by these fields.
 */
function withKnowerFields(rel: string, content: string, now: Date): string {
  if (!isNote(rel)) return content;
  const parsed = parseNote(content);
  if (!parsed.ok) return content; // malformed frontmatter stays as the agent wrote it
  const at = timestamp(now);
  return setFrontmatterFields(content, { ...(formatDateField(parsed.data.created) === undefined && { created: at }), updated: at, tokens: tokenCount(parsed.body) });
}

/** Creates a file that must not exist yet (never overwrites a file the agent has not read). */
export async function commitCreate(session: Session, rel: string, abs: string, content: string): Promise<ToolOutcome> {
  const outcome = await session.writer.write(abs, withKnowerFields(rel, content, session.clock()), { expect: null });
  if (!outcome.ok) {
    return refused(`${rel} already exists (someone created it meanwhile). Read it, then change it.`);
  }
  markSeen(session, rel, content);
  markChanged(session, rel);
  session.created.add(rel);
  if (isNote(rel)) session.knowerNotes?.add(rel);
  return shown(`Created ${rel}.`);
}
