import { lstat, mkdir, readdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { directWriter, isTextContent, readBytesIfExists, TREE_FILE } from '../vault/index.js';
import { stillAsLeft, type BackupEntry, type ForgetBackup } from './forget-backup.js';
import type { Forgetting } from './forgetting.js';

/** Larger files are neither in the history nor read for a text (a video holds no note). */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** A file changing this many times while it is being rewritten is left as it is, and said so. */
const ATTEMPTS = 4;

/** One file a forget changes: what it holds, and what it will hold (null: it goes). */
export interface VaultChange {
  rel: string;
  before: Buffer;
  after: Buffer | null;
}

export interface VaultOutcome {
  changed: string[];
  deleted: string[];
  busy: string[];
}

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

/** What the file at `rel` becomes, from what it holds now: unchanged (undefined), rewritten, or gone (null). */
function afterOf(what: Forgetting, bytes: Buffer): Buffer | null | undefined {
  return what.kind === 'text' ? what.text.scrubBytes(bytes) : null;
}

async function readSmall(abs: string): Promise<Buffer | null> {
  const info = await lstat(abs).catch(() => undefined);
  if (!info?.isFile() || info.size > MAX_FILE_BYTES) return null;
  return (await readBytesIfExists(abs)) ?? null;
}

/** What forgetting changes in the vault: the text files holding the text, or the files at (and under) the paths. */
export async function planVault(root: string, what: Forgetting): Promise<VaultChange[]> {
  const changes: VaultChange[] = [];
  const starts = what.kind === 'text' ? [''] : what.paths;
  for (const start of starts) {
    const info = start ? await lstat(path.join(root, start)).catch(() => undefined) : undefined;
    const files = info?.isFile() ? [start] : filesUnder(root, start);
    for await (const rel of files) {
      const before = await readSmall(path.join(root, rel));
      const after = before && afterOf(what, before);
      if (before && after !== undefined) changes.push({ rel, before, after });
    }
  }
  return changes;
}

/** One compare-and-swap: the file still holds `before` (job fields aside, for a removal), or nothing happens. */
async function applyOnce(abs: string, change: VaultChange): Promise<boolean> {
  if (change.after === null) return (await directWriter.removeIfUnchanged(abs, change.before)).ok;
  return (await directWriter.write(abs, change.after, { expect: change.before.toString('utf8') })).ok;
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
 * Makes the changes, each kept in the backup first. A file saved meanwhile is read again and
 * forgotten from as it is now (the person's save is never lost to the forget); one that keeps
 * changing is left, and named.
 */
export async function applyVault(root: string, what: Forgetting, planned: VaultChange[], backup: ForgetBackup): Promise<VaultOutcome> {
  const outcome: VaultOutcome = { changed: [], deleted: [], busy: [] };
  for (const change of planned) await backup.keep(`vault/${change.rel}`, change.before);
  await backup.flush();
  for (let change of planned) {
    const abs = path.join(root, change.rel);
    let done = false;
    for (let attempt = 0; attempt < ATTEMPTS && !done; attempt++) {
      if (await applyOnce(abs, change)) {
        done = true;
        backup.left(`vault/${change.rel}`, change.after);
        (change.after ? outcome.changed : outcome.deleted).push(change.rel);
        if (!change.after) await removeEmptyFolders(root, change.rel);
        break;
      }
      const now = await readSmall(abs);
      const after = now && afterOf(what, now);
      if (!now || after === undefined)
        done = true; // gone, or no longer holding the text: nothing left to do
      else {
        change = { rel: change.rel, before: now, after };
        await backup.keep(`vault/${change.rel}`, now);
        await backup.flush();
      }
    }
    if (!done) outcome.busy.push(change.rel);
  }
  await backup.flush();
  return outcome;
}

/**
 * Puts the vault's files back as the backup keeps them, each only while it still holds what the
 * forget left (job fields aside): a file changed since is the person's, left as it is and named.
 */
export async function restoreVault(root: string, backup: ForgetBackup, entries: readonly BackupEntry[]): Promise<{ restored: string[]; kept: string[] }> {
  const out = { restored: [] as string[], kept: [] as string[] };
  for (const entry of entries) {
    if (!entry.key.startsWith('vault/')) continue;
    const rel = entry.key.slice('vault/'.length);
    const abs = path.join(root, rel);
    const current = (await readBytesIfExists(abs)) ?? null;
    if (!stillAsLeft(entry, current, true)) {
      out.kept.push(rel);
      continue;
    }
    const copy = await backup.copyOf(entry);
    await mkdir(path.dirname(abs), { recursive: true });
    const written = await directWriter.write(abs, copy, current === null ? { expect: null } : isTextContent(current) ? { expect: current.toString('utf8') } : {});
    (written.ok ? out.restored : out.kept).push(rel);
  }
  return out;
}
