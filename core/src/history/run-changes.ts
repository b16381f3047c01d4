import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileChange } from '../records/index.js';
import { isHiddenPath, TREE_FILE, type JournalEntry } from '../vault/index.js';
import { blobId } from './git-objects.js';

/** Files the history keeps: everything but dotfiles, dot-folders and the generated tree.md. */
export function isHistoryPath(rel: string): boolean {
  return rel !== '' && rel !== TREE_FILE && !rel.startsWith('..') && !path.isAbsolute(rel) && !isHiddenPath(rel);
}

export function relOf(root: string, abs: string): string | undefined {
  if (!abs.startsWith(root + path.sep)) return undefined;
  const rel = path.relative(root, abs).split(path.sep).join('/');
  return isHistoryPath(rel) ? rel : undefined;
}

/** What a run did to one path: the bytes before its first change and after its last (files in the journal). */
export interface RunPath {
  rel: string;
  beforeFile: string | null;
  afterFile: string | null;
}

/** A run's journal folded per path, in the order the paths were first touched. */
export function foldJournal(root: string, entries: JournalEntry[]): RunPath[] {
  const byPath = new Map<string, RunPath>();
  for (const entry of entries) {
    const rel = relOf(root, entry.abs);
    if (!rel) continue;
    const seen = byPath.get(rel);
    if (seen) seen.afterFile = entry.afterFile;
    else byPath.set(rel, { rel, beforeFile: entry.beforeFile, afterFile: entry.afterFile });
  }
  return [...byPath.values()];
}

const idOf = async (file: string | null) => (file ? blobId(await readFile(file)) : null);

/** The blob ids a run's paths held before and after it. */
export async function runPathIds(paths: RunPath[]): Promise<Array<{ path: string; before: string | null; after: string | null }>> {
  return Promise.all(paths.map(async (p) => ({ path: p.rel, before: await idOf(p.beforeFile), after: await idOf(p.afterFile) })));
}

/**
 * Created, edited, moved or deleted, from each path's content before and after (as ids).
 * A path deleted and another created with the same bytes in one change is a move.
 */
export function kindsOf(changes: Array<{ path: string; before: string | null; after: string | null }>): FileChange[] {
  const deleted = changes.filter((c) => c.before && !c.after);
  const taken = new Set<string>();
  const out: FileChange[] = [];
  for (const c of changes) {
    if (c.before === c.after) continue;
    if (c.before && c.after) out.push({ path: c.path, kind: 'edited' });
    else if (c.after) {
      const source = deleted.find((d) => d.before === c.after && !taken.has(d.path));
      if (source) {
        taken.add(source.path);
        out.push({ path: c.path, kind: 'moved', from: source.path });
      } else out.push({ path: c.path, kind: 'created' });
    }
  }
  for (const d of deleted) if (!taken.has(d.path)) out.push({ path: d.path, kind: 'deleted' });
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
