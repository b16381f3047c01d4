import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/**
 * Knower's record of the notes it created or stamped in this vault. Whose note it is comes from
 * here, never from the fields a note carries: Obsidian templates fill in created, updated and
 * tokens too, and Knower once took those for its own mark and rewrote the person's notes.
 */
export interface KnowerNotes {
  /** Knower created or stamped this note, and it was neither deleted nor moved away since. */
  has(rel: string): boolean;
  add(...rels: string[]): void;
  /** Knower moved a file or folder: what it knew of each note there follows it. */
  move(from: string, to: string): void;
  /** Gone (deleted, or moved away by hand): a note made there later is not Knower's. */
  drop(...rels: string[]): void;
  /** Resolves once every change so far is on disk. */
  flush(): Promise<void>;
  /** Writes the record anew, as it stands: no line of the names it held before is left (a forget renamed them). */
  compact(): Promise<void>;
}

/** One line of the record: its vault first, then each change. */
type Line = { vault: string } | { add: string } | { drop: string } | { move: [string, string] };

const FILE = 'knower-notes.jsonl';

const under = (rel: string, folder: string) => rel === folder || rel.startsWith(`${folder}/`);

function dropFrom(notes: Set<string>, rel: string): boolean {
  // A file is one lookup; only a path that names no note may be a folder holding some.
  if (notes.delete(rel)) return true;
  let dropped = false;
  for (const note of notes) if (under(note, rel) && notes.delete(note)) dropped = true;
  return dropped;
}

function moveIn(notes: Set<string>, from: string, to: string): boolean {
  const moved = [...notes].filter((note) => under(note, from));
  for (const note of moved) notes.delete(note);
  for (const note of moved) notes.add(to + note.slice(from.length));
  return moved.length > 0;
}

/** The notes as the lines say, for this vault (lines cut short by a crash are skipped). */
function replay(text: string, vault: string): Set<string> {
  const notes = new Set<string>();
  const lines = text.split('\n');
  const header = parse(lines[0] ?? '');
  if (!header || !('vault' in header) || header.vault !== vault) return notes;
  for (const line of lines.slice(1)) {
    const entry = parse(line);
    if (!entry) continue;
    if ('add' in entry) notes.add(entry.add);
    else if ('drop' in entry) dropFrom(notes, entry.drop);
    else if ('move' in entry) moveIn(notes, ...entry.move);
  }
  return notes;
}

function parse(line: string): Line | undefined {
  try {
    return line ? (JSON.parse(line) as Line) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The record for the vault at `vault`, kept in the state dir: one JSON value a line (a path may
 * hold any character, a newline too), appended as it changes and compacted when opened. A record
 * of another vault starts over. Losing the last lines to a crash leaves a note unrecorded: it is
 * then treated as the person's, never the other way round.
 */
export async function openKnowerNotes(stateDir: string, vault: string, onError: (err: unknown) => void): Promise<KnowerNotes> {
  const file = path.join(stateDir, FILE);
  const notes = replay(await readFile(file, 'utf8').catch(() => ''), vault);
  const rewrite = async (): Promise<void> => {
    const lines: Line[] = [{ vault }, ...[...notes].sort().map((add) => ({ add }))];
    await writeFileAtomic(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  };
  await rewrite();

  let written: Promise<void> = Promise.resolve();
  const persist = (changes: Line[]) => {
    if (changes.length === 0) return;
    const data = changes.map((line) => `${JSON.stringify(line)}\n`).join('');
    written = written.then(() => appendFile(file, data)).catch(onError);
  };

  return {
    has: (rel) => notes.has(rel),
    add(...rels) {
      const added = rels.filter((rel) => !notes.has(rel));
      for (const rel of added) notes.add(rel);
      persist(added.map((add) => ({ add })));
    },
    move(from, to) {
      if (moveIn(notes, from, to)) persist([{ move: [from, to] }]);
    },
    drop(...rels) {
      persist(rels.filter((rel) => dropFrom(notes, rel)).map((drop) => ({ drop })));
    },
    flush: () => written,
    compact() {
      written = written.then(() => rewrite()).catch(onError);
      return written;
    },
  };
}
