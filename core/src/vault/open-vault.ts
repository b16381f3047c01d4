import { mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { makeFolders, modesFor } from './file-modes.js';
import { probeFilesystem, registerFilesystem, type FileOps, type Filesystem } from './filesystem.js';
import { chooseFrontmatterMode, type FrontmatterChoice, type FrontmatterMode } from './frontmatter-mode.js';
import { openKnowerNotes, type KnowerNotes } from './knower-notes.js';
import { cleanLeftovers } from './leftovers.js';
import { claimRootNames, type RootNames } from './root-names.js';
import { ensureSkeleton } from './skeleton.js';

export interface OpenVault {
  /** The vault's real path: every path check compares against it. */
  root: string;
  filesystem: Filesystem;
  /** Lets go of the filesystem's registration (on close). */
  unregisterFilesystem: () => void;
  rootNames: RootNames;
  frontmatter: FrontmatterChoice;
  /** Which notes Knower created or stamped: its own, whatever fields the person's notes carry. */
  knowerNotes: KnowerNotes;
}

export interface OpenVaultOptions {
  vaultPath: string;
  stateDir: string;
  frontmatter: FrontmatterMode | undefined;
  fileOps?: FileOps;
  /** The umask the person started Knower with (default 022): what Knower creates in the vault is never wider. */
  umask?: number;
  clock: () => Date;
  log: Logger;
}

/**
 * Opens the vault in the order that keeps the person's files safe: what this filesystem can do
 * (and what Knower's new files get in it), what a crash left behind, which root names are the
 * person's, the frontmatter mode, and only then the skeleton (the first thing Knower writes).
 */
export async function openVault(opts: OpenVaultOptions): Promise<OpenVault> {
  const { stateDir, clock, log } = opts;
  const umask = opts.umask ?? 0o022;
  await mkdir(stateDir, { recursive: true });
  // A vault Knower creates is as the person's other folders are; what it creates inside follows the vault.
  await makeFolders(opts.vaultPath, 0o777 & ~umask);
  const root = await realpath(opts.vaultPath);
  // How this filesystem writes safely (hard links or O_EXCL) and compares names (case folded or
  // not), and what the files and folders Knower creates in it get.
  const filesystem = { ...probeFilesystem(root, opts.fileOps), modes: modesFor((await stat(root)).mode, umask) };
  const unregisterFilesystem = registerFilesystem(filesystem);
  if (!filesystem.hardLinks || filesystem.caseInsensitive) log.info({ hardLinks: filesystem.hardLinks, caseInsensitive: filesystem.caseInsensitive }, 'vault filesystem');
  // Decided before anything is written: names the person's files already hold stay theirs.
  // What a crash left mid-write: temp files go, notes moved aside come back (never lost).
  const leftovers = await cleanLeftovers(root);
  if (leftovers.removed.length || leftovers.restored.length) log.warn({ ...leftovers }, 'cleaned up after an interrupted write');
  const rootNames = await claimRootNames({ root, vaultPath: path.resolve(opts.vaultPath), stateDir, caseInsensitive: filesystem.caseInsensitive });
  for (const notice of rootNames.notices()) log.warn(notice);
  // Decided before the skeleton is written: a vault that already had notes is the person's own.
  const frontmatter = await chooseFrontmatterMode(stateDir, path.resolve(opts.vaultPath), opts.frontmatter, clock());
  const knowerNotes = await openKnowerNotes(stateDir, path.resolve(opts.vaultPath), (err) => log.error({ err }, "could not keep the record of Knower's notes"));
  const created = await ensureSkeleton(root, clock(), rootNames);
  if (created.length) log.info({ created }, 'created the vault skeleton');
  log.info({ mode: frontmatter.mode, reason: frontmatter.reason }, 'frontmatter mode');
  return { root, filesystem, unregisterFilesystem, rootNames, frontmatter, knowerNotes };
}
