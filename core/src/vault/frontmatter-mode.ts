import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_FILES, ROOT_FOLDERS } from '../api/vault-layout.js';
import { writeFileAtomic } from './atomic-write.js';
import { isNote } from './indexed-set.js';

/**
 * Where a note's created/updated/tokens live. `all`: in every note's frontmatter. `knower`: in
 * the frontmatter of Knower's own notes only (its skeleton files, projects/, bucket/, inbox/, and
 * the notes it created, by its record: knower-notes.ts); the person's other notes are never
 * rewritten, their metadata is kept in Knower's state.
 */
export type FrontmatterMode = 'knower' | 'all';

export interface FrontmatterChoice {
  mode: FrontmatterMode;
  reason: string;
  /** When the mode was decided for this vault (its first start on this state dir). */
  decided_at: string;
  /** This start decided it: the vault is new to Knower. */
  first_start: boolean;
}

/**
 * How Knower first came to know a file: in a pass over the whole vault (it was there before, or
 * made while Knower was stopped: the person's, as far as Knower can tell), or from a change it
 * saw while running.
 */
export type FileOrigin = 'scan' | 'event';

const KNOWER_FILES: ReadonlySet<string> = new Set(ROOT_FILES);
const KNOWER_FOLDERS = ROOT_FOLDERS.map((folder) => `${folder}/`);

/**
 * Whether Knower keeps this note's metadata in its frontmatter. In `all` mode every note's; in
 * `knower` mode only Knower's own: its root files (a file of the person's under one of those
 * names is excluded before this, by the record of root names), the notes its record says it
 * created or stamped (`knowers`), and the notes made in its folders while it runs. Never because
 * of the fields a note carries: an Obsidian template fills in created/updated/tokens too, and a
 * note Knower first found in a pass over the vault (there before it first saw it, or made while it
 * was stopped) may be the person's: it is never rewritten.
 */
export function stampsNote(mode: FrontmatterMode, rel: string, knowers: boolean, origin: FileOrigin | undefined): boolean {
  if (mode === 'all' || knowers || KNOWER_FILES.has(rel)) return true;
  return KNOWER_FOLDERS.some((folder) => rel.startsWith(folder)) && origin === 'event';
}

interface Decision {
  vaultPath: string;
  /** Whether the vault held notes when Knower first saw it. */
  hadNotes: boolean;
  decidedAt: string;
}

const REASONS = {
  knower: "the vault already had notes when Knower first saw it: their created/updated/tokens are kept in Knower's state and the files are left as they are (KNOWER_FRONTMATTER=all stamps every note)",
  all: 'a new vault: every note carries created/updated/tokens in its frontmatter (KNOWER_FRONTMATTER=knower keeps them out of notes Knower did not create)',
};

/** On the starts after the first, the reason says when it was decided instead of calling the vault new. */
const KEPT = {
  knower: (day: string) => `chosen at the first start on this vault (${day}), which already had notes (KNOWER_FRONTMATTER=all stamps every note)`,
  all: (day: string) => `chosen at the first start on this vault (${day}), which was new (KNOWER_FRONTMATTER=knower keeps the fields out of notes Knower did not create)`,
};

/** Any markdown note below `dir`, dot-folders skipped; stops at the first one. */
async function holdsNotes(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const d of entries) if (!d.name.startsWith('.') && d.isFile() && isNote(d.name)) return true;
  for (const d of entries) if (!d.name.startsWith('.') && d.isDirectory() && (await holdsNotes(path.join(dir, d.name)))) return true;
  return false;
}

/**
 * The mode for this vault: the setting when given, else decided once, at the first start on this
 * vault (before the skeleton is written), and remembered in the state dir.
 */
export async function chooseFrontmatterMode(stateDir: string, vaultPath: string, setting: FrontmatterMode | undefined, now: Date): Promise<FrontmatterChoice> {
  const file = path.join(stateDir, 'vault.json');
  let decision: Decision | undefined;
  let firstStart = false;
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Decision;
    if (stored.vaultPath === vaultPath) decision = stored;
  } catch {
    // First start on this state dir (or an unreadable file): decide now.
  }
  if (!decision) {
    decision = { vaultPath, hadNotes: await holdsNotes(vaultPath), decidedAt: now.toISOString() };
    firstStart = true;
    await mkdir(stateDir, { recursive: true });
    await writeFileAtomic(file, `${JSON.stringify(decision, null, 2)}\n`);
  }
  const when = { decided_at: decision.decidedAt, first_start: firstStart };
  if (setting) return { mode: setting, reason: `set by KNOWER_FRONTMATTER=${setting}`, ...when };
  const mode: FrontmatterMode = decision.hadNotes ? 'knower' : 'all';
  return { mode, reason: firstStart ? REASONS[mode] : KEPT[mode](decision.decidedAt.slice(0, 10)), ...when };
}
