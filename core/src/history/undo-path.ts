import { rmdir } from 'node:fs/promises';
import path from 'node:path';
import { isTextContent, makeFolders, readNoteText, setFrontmatterFields, versionKey, type VaultWriter } from '../vault/index.js';
import { mergeLines, type MergeConflict } from './merge-lines.js';
import type { RawChange } from './repo-read.js';
import type { JournaledRun } from './run-host.js';
import { readForHistory } from './snapshot.js';

/** What undoing one path did: put back, left alone (already so), or not (and why). */
export type PathRevert =
  | { path: string; result: 'reverted'; did: 'created' | 'edited' | 'deleted' }
  | { path: string; result: 'unchanged' }
  | {
      path: string;
      result: 'partial' | 'conflict';
      reason: string;
      /** What the undo would have restored: the whole earlier version (null: it would delete the file). */
      wanted: Buffer | null;
      /** For text merged in part: the lines it could not revert. */
      hunks?: MergeConflict[];
    };

export const same = (a: Buffer | null, b: Buffer | null) => (a === null || b === null ? a === b : versionKey(a) === versionKey(b));

/** The job-kept fields of a note as written (the one note reader's view of them). */
function jobFields(text: string): Map<string, string> {
  return new Map(Object.entries(readNoteText(text).jobFields ?? {}));
}

/** `text` with the job-kept fields it shares with `like` set to like's values: stamps never clash in a merge. */
function alignJobFields(text: string, like: string): string {
  const have = jobFields(text);
  const fields: Record<string, string> = {};
  for (const [key, value] of jobFields(like)) if (have.has(key) && have.get(key) !== value) fields[key] = value;
  return Object.keys(fields).length ? setFrontmatterFields(text, fields) : text;
}

/** Writes over exactly `current` (compare-and-swap for text; absent means create-only). */
export async function writeOver(writer: VaultWriter, abs: string, data: Buffer, current: Buffer | null): Promise<boolean> {
  await makeFolders(path.dirname(abs));
  if (current === null) return (await writer.write(abs, data, { expect: null })).ok;
  // Bytes that are not text have no compare-and-swap: they were compared just before.
  return (await writer.write(abs, data, isTextContent(current) ? { expect: current.toString('utf8') } : {})).ok;
}

/**
 * Deletes a file only if it still holds `expected` (the writer's checked removal: an edit that
 * slipped in stays), then the folders the change created that nothing else uses, never the
 * vault's top-level ones.
 */
async function removeIfUnchanged({ root, writer }: JournaledRun, abs: string, expected: Buffer): Promise<boolean> {
  if (!(await writer.removeIfUnchanged(abs, expected)).ok) return false;
  for (let dir = path.dirname(abs); path.dirname(dir) !== root && dir !== root; dir = path.dirname(dir)) {
    if (
      !(await rmdir(dir).then(
        () => true,
        () => false,
      ))
    )
      break;
  }
  return true;
}

type Step = PathRevert | 'retry';

async function revertOnce(run: JournaledRun, change: RawChange, base: Buffer | null, wanted: Buffer | null): Promise<Step> {
  const rel = change.path;
  const abs = path.join(run.root, rel);
  const current = await readForHistory(abs);
  const conflict = (reason: string): PathRevert => ({ path: rel, result: 'conflict', reason, wanted });
  if (current === undefined) return conflict('it is no longer a plain file (a folder or a link is there now)');
  if (same(current, wanted)) return { path: rel, result: 'unchanged' };
  if (base === null) {
    if (current !== null) return conflict('a new file was created at this path after the change; undo would have put back the version it deleted');
    return (await writeOver(run.writer, abs, wanted as Buffer, null)) ? { path: rel, result: 'reverted', did: 'created' } : 'retry';
  }
  if (wanted === null) {
    if (current === null) return { path: rel, result: 'unchanged' };
    if (!same(current, base)) return conflict('it was changed after the change created it; undo would have deleted it with those changes');
    return (await removeIfUnchanged(run, abs, current)) ? { path: rel, result: 'reverted', did: 'deleted' } : 'retry';
  }
  if (current === null) return conflict('it was deleted after the change; undo would have brought back the version before it');
  if (!isTextContent(base) || !isTextContent(wanted) || !isTextContent(current)) {
    if (!same(current, base)) return conflict('it was changed after the change, and it is not text that can be merged');
    return (await writeOver(run.writer, abs, wanted, current)) ? { path: rel, result: 'reverted', did: 'edited' } : 'retry';
  }
  const ours = current.toString('utf8');
  const merged = mergeLines(alignJobFields(base.toString('utf8'), ours), ours, alignJobFields(wanted.toString('utf8'), ours));
  const changed = merged.text !== ours;
  if (changed && !(await writeOver(run.writer, abs, Buffer.from(merged.text), current))) return 'retry';
  if (merged.conflicts.length) {
    return { path: rel, result: changed ? 'partial' : 'conflict', reason: 'lines the change wrote were edited afterwards', wanted, hunks: merged.conflicts };
  }
  return changed ? { path: rel, result: 'reverted', did: 'edited' } : { path: rel, result: 'unchanged' };
}

/**
 * Reverts one path of an undone commit: base is what the commit left, wanted what was there
 * before it. Only what still holds the commit's lines is touched; everything else is reported.
 */
export async function revertPath(run: JournaledRun, change: RawChange, blobs: Map<string, Buffer>): Promise<PathRevert> {
  const base = change.after ? (blobs.get(change.after) ?? null) : null;
  const wanted = change.before ? (blobs.get(change.before) ?? null) : null;
  for (let attempt = 0; attempt < 4; attempt++) {
    const step = await revertOnce(run, change, base, wanted);
    if (step !== 'retry') return step;
  }
  return { path: change.path, result: 'conflict', reason: 'it kept changing while the undo ran', wanted };
}
