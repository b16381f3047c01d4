import { lstat, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { createIfAbsent } from './create-file.js';
import { ROOT_FILES, ROOT_FOLDERS, type RootFile } from '../api/vault-layout.js';
import { makeFolders } from './file-modes.js';

/**
 * Who holds each of Knower's root names in this vault. A file the person had under one of these
 * names before Knower first started here stays theirs, byte for byte: Knower keeps its own
 * version in the state dir (the agents still get it) and never writes, stamps, moves or deletes
 * the person's. A folder under one of these names is shared: Knower only ever adds new entries
 * inside it, never over anything there. A folder name held by a file (or anything not a folder)
 * stays the person's too: Knower does without that folder until the name is free.
 */
export interface RootNames {
  /** Where Knower's own version of a root file lives: at the vault root, or in the state dir. */
  fileOf(name: RootFile): string;
  /** Whether Knower's version of this root file is in the vault (the person's file does not hold the name). */
  inVault(name: RootFile): boolean;
  /** Whether `rel` is, or is under, a root name held by the person's own file. */
  isPersons(rel: string): boolean;
  /** The names the person's files hold. */
  persons(): string[];
  /** What start-up found, said once at start and in /health. */
  notices(): string[];
}

interface Record {
  vaultPath: string;
  /** Root names whose file in the vault Knower made. */
  knower: string[];
}

const kindAt = (abs: string) =>
  lstat(abs).then(
    (info) => (info.isDirectory() ? 'folder' : 'file'),
    () => undefined,
  );

/**
 * Decides who holds each root name, once per start, remembering what Knower made itself. On the
 * first start on a vault (no decision in the state dir yet) whatever is already there is the
 * person's; a state dir from before names were recorded made them all (its skeleton) itself.
 */
export async function claimRootNames(opts: { root: string; stateDir: string; caseInsensitive: boolean; vaultPath?: string }): Promise<RootNames> {
  const { root, stateDir } = opts;
  // The vault as the settings name it (what vault.json records), which may differ from its realpath.
  const vaultKey = opts.vaultPath ?? path.resolve(root);
  const recordFile = path.join(stateDir, 'root-names.json');
  const ownDir = path.join(stateDir, 'own');
  const stored = JSON.parse(await readFile(recordFile, 'utf8').catch(() => 'null')) as Record | null;
  const ranHere = await readFile(path.join(stateDir, 'vault.json'), 'utf8').then(
    (t) => (JSON.parse(t) as { vaultPath?: string }).vaultPath === vaultKey,
    () => false,
  );
  const knower = new Set(stored?.vaultPath === vaultKey ? stored.knower : ranHere ? [...ROOT_FILES] : []);
  const persons = new Set<string>();
  const notices: string[] = [];

  for (const name of ROOT_FILES) {
    const abs = path.join(root, name);
    const kind = await kindAt(abs);
    if (kind === undefined) {
      // Free (again): Knower's version, if it kept one aside, comes into the vault.
      const aside = await readFile(path.join(ownDir, name)).catch(() => undefined);
      if (aside) await createIfAbsent(abs, aside);
      knower.add(name);
    } else if (!knower.has(name) || kind === 'folder') {
      persons.add(name);
      knower.delete(name);
      notices.push(`${name} at the vault root is your own ${kind}: Knower leaves it as it is and keeps its own ${name} in ${path.join(ownDir, name)}`);
    }
  }
  await makeFolders(root);
  for (const name of ROOT_FOLDERS) {
    const kind = await kindAt(path.join(root, name));
    if (kind === 'file') {
      persons.add(name);
      notices.push(`${name} at the vault root is a file of yours, not a folder: Knower leaves it as it is and does without ${name}/ until the name is free`);
    } else if (kind === undefined) await makeFolders(path.join(root, name));
  }
  if (persons.size > 0) await mkdir(ownDir, { recursive: true });
  await mkdir(stateDir, { recursive: true });
  await writeFileAtomic(recordFile, `${JSON.stringify({ vaultPath: vaultKey, knower: [...knower].sort() }, null, 2)}\n`);

  const fold = (s: string) => (opts.caseInsensitive ? s.toLowerCase() : s);
  const held = new Set([...persons].map(fold));
  return {
    fileOf: (name) => (persons.has(name) ? path.join(ownDir, name) : path.join(root, name)),
    inVault: (name) => !persons.has(name),
    isPersons: (rel) => {
      const first = fold(rel.split('/')[0] ?? '');
      return held.has(first);
    },
    persons: () => [...persons].sort(),
    notices: () => [...notices],
  };
}

/** Every root name Knower's: what tests and tools on a plain folder use. */
export function allKnowers(root: string): RootNames {
  return {
    fileOf: (name) => path.join(root, name),
    inVault: () => true,
    isPersons: () => false,
    persons: () => [],
    notices: () => [],
  };
}
