import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { freeName } from '../history/index.js';
import { directWriter, isTextContent, readBytesIfExists, TREE_FILE, type KnowerNotes } from '../vault/index.js';
import { stillAsLeft, type BackupEntry, type ForgetBackup } from './forget-backup.js';
import type { Forgetting } from './forgetting.js';

/** Larger files are neither in the history nor read for a text (a video holds no note). */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** A file changing this many times while it is being rewritten is left as it is, and said so. */
const ATTEMPTS = 4;

/** One file a forget changes: what it holds, what it will hold (null: it goes), and its new name when the text is in its path. */
export interface VaultChange {
  rel: string;
  before: Buffer;
  after: Buffer | null;
  to?: string;
}

export interface VaultOutcome {
  /** Files whose content changed (by their name now). */
  changed: string[];
  /** Files renamed, by their new name. */
  renamed: string[];
  deleted: string[];
  busy: string[];
  /** Every path the forget changed, old names and new. */
  touched: string[];
}

/** Knower's record of its own notes: a renamed note stays Knower's. */
export type NoteRecord = Pick<KnowerNotes, 'move' | 'compact'>;

export const noVaultChange = (): VaultOutcome => ({ changed: [], renamed: [], deleted: [], busy: [], touched: [] });

/** The files of the vault below `rel` ('' for all) that Knower looks after: no dotfiles or dot-folders, no tree.md. */
async function* filesUnder(root: string, rel: string): AsyncGenerator<string> {
  const dirents = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
  for (const d of dirents) {
    const child = rel ? `${rel}/${d.name}` : d.name;
    if (d.name.startsWith('.') || child === TREE_FILE) continue;
    if (d.isDirectory()) yield* filesUnder(root, child);
    else if (d.isFile()) yield child;
  }
}

/** What the file at `rel` becomes from what it holds now; undefined when the forget leaves it as it is. */
function changeOf(what: Forgetting, rel: string, before: Buffer): VaultChange | undefined {
  if (what.kind === 'paths') return { rel, before, after: null };
  const after = what.text.scrubBytes(before);
  const to = what.text.scrubPath(rel);
  if (!after && !to) return undefined;
  return { rel, before, after: after ?? before, ...(to && { to }) };
}

async function readSmall(abs: string): Promise<Buffer | null> {
  const info = await lstat(abs).catch(() => undefined);
  if (!info?.isFile() || info.size > MAX_FILE_BYTES) return null;
  return (await readBytesIfExists(abs)) ?? null;
}

/** What forgetting changes in the vault: the files holding the text (in them or in their path), or the files at (and under) the paths. */
export async function planVault(root: string, what: Forgetting): Promise<VaultChange[]> {
  const changes: VaultChange[] = [];
  const starts = what.kind === 'text' ? [''] : what.paths;
  for (const start of starts) {
    const info = start ? await lstat(path.join(root, start)).catch(() => undefined) : undefined;
    const files = info?.isFile() ? [start] : filesUnder(root, start);
    for await (const rel of files) {
      const before = await readSmall(path.join(root, rel));
      const change = before && changeOf(what, rel, before);
      if (change) changes.push(change);
    }
  }
  return changes;
}

/** The folders a removal emptied, up to (never including) the vault's top-level ones. */
async function removeEmptyFolders(root: string, rel: string): Promise<void> {
  for (let dir = path.dirname(path.join(root, rel)); path.dirname(dir) !== root && dir !== root; dir = path.dirname(dir)) {
    if (
      !(await rmdir(dir).then(
        () => true,
        () => false,
      ))
    )
      return;
  }
}

/**
 * One compare-and-swap: the file still holds `before` (job fields aside, for a removal), or
 * nothing happens. A rename makes the new file first, then the old one goes: a save meanwhile
 * keeps the old one, and the new one goes again. Returns where the file is now (false: nothing done).
 */
async function applyOnce(root: string, change: VaultChange, backup: ForgetBackup, notes: NoteRecord): Promise<string | false> {
  const abs = path.join(root, change.rel);
  if (change.after === null) return (await directWriter.removeIfUnchanged(abs, change.before)).ok && change.rel;
  if (!change.to) return (await directWriter.write(abs, change.after, { expect: change.before.toString('utf8') })).ok && change.rel;
  const folder = path.posix.dirname(change.to);
  const to = path.posix.join(
    folder,
    freeName(path.posix.basename(change.to), (name) => existsSync(path.join(root, folder, name))),
  );
  const target = path.join(root, to);
  backup.keepAbsent(`vault/${to}`, change.rel);
  await backup.flush();
  await mkdir(path.dirname(target), { recursive: true });
  // Until it is known otherwise, the forget left nothing there: a file someone else puts there stays.
  backup.left(`vault/${to}`, null);
  if (!(await directWriter.write(target, change.after, { expect: null })).ok) return false;
  notes.move(change.rel, to);
  if ((await directWriter.removeIfUnchanged(abs, change.before)).ok) {
    backup.left(`vault/${to}`, change.after);
    return to;
  }
  notes.move(to, change.rel);
  await directWriter.removeIfUnchanged(target, change.after);
  return false;
}

/**
 * Makes the changes, each kept in the backup first. A file saved meanwhile is read again and
 * forgotten from as it is now (the person's save is never lost to the forget); one that keeps
 * changing is left, and named.
 */
export async function applyVault(root: string, what: Forgetting, planned: VaultChange[], backup: ForgetBackup, notes: NoteRecord): Promise<VaultOutcome> {
  const outcome = noVaultChange();
  for (const change of planned) await backup.keep(`vault/${change.rel}`, change.before);
  await backup.flush();
  for (const first of planned) {
    let change: VaultChange | undefined = first;
    for (let attempt = 0; change && attempt < ATTEMPTS; attempt++) {
      const now = await applyOnce(root, change, backup, notes);
      if (now !== false) {
        const gone = change.after === null || now !== change.rel;
        backup.left(`vault/${change.rel}`, gone ? null : change.after);
        if (change.after === null) outcome.deleted.push(change.rel);
        else if (!change.after.equals(change.before)) outcome.changed.push(now);
        if (now !== change.rel && change.after !== null) outcome.renamed.push(now);
        outcome.touched.push(change.rel, ...(now !== change.rel ? [now] : []));
        if (gone) await removeEmptyFolders(root, change.rel);
        change = undefined;
        break;
      }
      // Changed meanwhile: forgotten from as it is now, or nothing left to do (gone, or no longer holding it).
      const bytes = await readSmall(path.join(root, change.rel));
      change = bytes ? changeOf(what, change.rel, bytes) : undefined;
      if (change) {
        await backup.keep(`vault/${change.rel}`, change.before);
        await backup.flush();
      }
    }
    if (change) outcome.busy.push(what.kind === 'text' ? (change.to ?? change.rel) : change.rel);
  }
  await notes.compact();
  await backup.flush();
  return outcome;
}

/**
 * Puts the vault's files back as the backup keeps them, each only while it still holds what the
 * forget left (job fields aside): a file changed since is the person's, left as it is and named.
 * A file the forget put in place of a renamed one goes (its old name comes back from its own entry).
 */
export async function restoreVault(root: string, backup: ForgetBackup, entries: readonly BackupEntry[], notes: NoteRecord): Promise<{ restored: string[]; kept: string[] }> {
  const out = { restored: [] as string[], kept: [] as string[] };
  const vaultEntries = entries.filter((e) => e.key.startsWith('vault/'));
  // Renamed files go first, so their old names are free again.
  for (const entry of [...vaultEntries.filter((e) => e.copy === null), ...vaultEntries.filter((e) => e.copy !== null)]) {
    const rel = entry.key.slice('vault/'.length);
    const abs = path.join(root, rel);
    const current = (await readBytesIfExists(abs)) ?? null;
    if (!stillAsLeft(entry, current, true)) {
      out.kept.push(rel);
      continue;
    }
    const copy = await backup.copyOf(entry);
    if (copy === null && current === null) continue; // a rename that did not happen
    if (copy === null) {
      if (!(await directWriter.removeIfUnchanged(abs, current as Buffer)).ok) out.kept.push(rel);
      else {
        if (entry.from !== undefined) notes.move(rel, entry.from);
        await removeEmptyFolders(root, rel);
        out.restored.push(rel);
      }
      continue;
    }
    await mkdir(path.dirname(abs), { recursive: true });
    const written = await directWriter.write(abs, copy, current === null ? { expect: null } : isTextContent(current) ? { expect: current.toString('utf8') } : {});
    (written.ok ? out.restored : out.kept).push(rel);
  }
  await notes.compact();
  return out;
}
