import { randomBytes } from 'node:crypto';
import { linkSync, lstatSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file operations whose support differs between filesystems: injected by tests. */
export interface FileOps {
  /** link(2): a second name for a file; EEXIST rather than overwrite. */
  link(existing: string, newPath: string): void;
  /** Whether anything has this name (the probe asks for its file under another case). */
  exists(abs: string): boolean;
}

export const nodeFileOps: FileOps = { link: linkSync, exists: (abs) => lstatSync(abs, { throwIfNoEntry: false }) !== undefined };

/** The permissions of the files and folders Knower creates in a vault (file-modes.ts decides them). */
export interface NewModes {
  file: number;
  folder: number;
}

/** What the filesystem under a folder can do, found by a probe at start. */
export interface Filesystem {
  root: string;
  ops: FileOps;
  /**
   * Whether link(2) works. exFAT and FAT (USB sticks, SD cards), some SMB and FUSE mounts have
   * no hard links: files are then created with O_EXCL instead, which never overwrites either.
   */
  hardLinks: boolean;
  /** `Inbox` and `inbox` name the same folder (macOS's and Windows' default): names compare folded. */
  caseInsensitive: boolean;
  /** What new files and folders under `root` get (file-modes.ts); absent: whatever the umask gives. */
  modes?: NewModes;
}

/** Errors of link(2) that mean "this filesystem has no hard links", not "this link failed". */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

export const noHardLinks = (err: unknown): boolean => NO_LINKS.has((err as NodeJS.ErrnoException).code ?? '');

const registered = new Map<string, Filesystem>();

/** The filesystem a path is on: the probed one of the folder holding it, else the usual assumptions. */
export function filesystemOf(abs: string): Filesystem {
  let best: Filesystem | undefined;
  for (const [root, fs] of registered) {
    if ((abs === root || abs.startsWith(root + path.sep)) && (!best || root.length > best.root.length)) best = fs;
  }
  return best ?? { root: abs, ops: nodeFileOps, hardLinks: true, caseInsensitive: false };
}

/** Every write under `fs.root` follows what its probe found, until the returned function is called. */
export function registerFilesystem(fs: Filesystem): () => void {
  registered.set(fs.root, fs);
  return () => {
    if (registered.get(fs.root) === fs) registered.delete(fs.root);
  };
}

/** A link(2) that failed for lack of hard links: later writes on that filesystem skip it. */
export function learnNoHardLinks(abs: string): void {
  const fs = filesystemOf(abs);
  if (registered.get(fs.root) === fs) fs.hardLinks = false;
}

/** Swaps the case of every letter: the probe's second name for its file. */
const swapCase = (name: string) => [...name].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/**
 * Looks at the filesystem under `root` with a probe file (a dotfile, removed at once): whether
 * it has hard links, and whether it folds the case of names.
 */
export function probeFilesystem(root: string, ops: FileOps = nodeFileOps): Filesystem {
  const name = `.knower-probe-${randomBytes(4).toString('hex')}`;
  const probe = path.join(root, name);
  const second = `${probe}-link`;
  writeFileSync(probe, '', { flag: 'wx' });
  try {
    let hardLinks = true;
    try {
      ops.link(probe, second);
    } catch (err) {
      if (!noHardLinks(err)) throw err;
      hardLinks = false;
    }
    const caseInsensitive = ops.exists(path.join(root, swapCase(name)));
    return { root, ops, hardLinks, caseInsensitive };
  } finally {
    for (const file of [probe, second]) {
      try {
        unlinkSync(file);
      } catch {
        // Never made (no hard links): nothing to remove.
      }
    }
  }
}
