import { mkdir, open, readFile, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { writeFileAtomic } from './atomic-write.js';
import { makeFolders } from './file-modes.js';
import { readBytesIfExists } from './read-file.js';
import { isTextContent, versionKey } from './version-key.js';
import type { WriteJournal } from './write-journal.js';

interface Entry {
  n: number;
  abs: string;
  before: boolean;
  after: boolean;
}

/** One recorded change as the history reads it: where the file's before and after bytes are kept. */
export interface JournalEntry {
  n: number;
  abs: string;
  /** File holding the bytes before the change; null when the path did not exist. */
  beforeFile: string | null;
  /** File holding the bytes after the change; null when the change removed the path. */
  afterFile: string | null;
}

/** The changes a journal folder records, oldest first, cancelled ones and torn lines left out. */
export async function readJournal(dir: string): Promise<JournalEntry[]> {
  const text = await readFile(path.join(dir, 'entries.jsonl'), 'utf8').catch(() => '');
  const entries: Entry[] = [];
  const cancelled = new Set<number>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JSON.parse(line) as Entry | { cancel: number };
      if ('cancel' in parsed) cancelled.add(parsed.cancel);
      else entries.push(parsed);
    } catch {
      // A line torn by a crash belongs to a change that never happened.
    }
  }
  const file = (entry: Entry, which: 'before' | 'after') => (entry[which] ? path.join(dir, `${entry.n}.${which}`) : null);
  return entries.filter((entry) => !cancelled.has(entry.n)).map((entry) => ({ n: entry.n, abs: entry.abs, beforeFile: file(entry, 'before'), afterFile: file(entry, 'after') }));
}

/** Written with plain fs calls: writeFileAtomic inside a journaled run would journal the journal. */
async function writeDurably(file: string, data: string | Buffer, flag: 'w' | 'a'): Promise<void> {
  const handle = await open(file, flag);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const readIfExists = async (abs: string): Promise<Buffer | null> => (await readBytesIfExists(abs)) ?? null;

const same = (a: Buffer | null, b: Buffer | null) => (a === null || b === null ? a === b : versionKey(a) === versionKey(b));

/**
 * One update's journal in its state folder: each vault change's before and after, on disk
 * before the change happens. Undo walks it backwards and puts back every file that still
 * holds what the run wrote; a file changed since (by hand) is left alone.
 */
export class UpdateJournal implements WriteJournal {
  private next = 0;
  private readonly entriesFile: string;

  constructor(
    /** The journal's folder (the history takes it over once the run's outcome is saved). */
    readonly dir: string,
    /** The vault the journal's paths are in. */
    readonly root: string,
    private readonly log: Logger,
  ) {
    this.entriesFile = path.join(dir, 'entries.jsonl');
  }

  async record(abs: string, before: Buffer | null, after: Buffer | null): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    const n = this.next++;
    if (before) await writeDurably(path.join(this.dir, `${n}.before`), before, 'w');
    if (after) await writeDurably(path.join(this.dir, `${n}.after`), after, 'w');
    const entry: Entry = { n, abs, before: before !== null, after: after !== null };
    await writeDurably(this.entriesFile, `${JSON.stringify(entry)}\n`, 'a');
    return n;
  }

  async cancel(n: number): Promise<void> {
    await writeDurably(this.entriesFile, `${JSON.stringify({ cancel: n })}\n`, 'a');
  }

  /** Reverts what an earlier, unfinished run of this update did; returns the paths put back. */
  async undo(): Promise<string[]> {
    const restored: string[] = [];
    for (const entry of (await readJournal(this.dir)).reverse()) {
      if (!entry.abs.startsWith(this.root + path.sep)) continue;
      if (await this.revert(entry)) restored.push(path.relative(this.root, entry.abs));
    }
    await this.clear();
    return restored;
  }

  async clear(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
    this.next = 0;
  }

  private async revert(entry: JournalEntry): Promise<boolean> {
    const blob = async (file: string | null) => (file ? await readFile(file).catch(() => null) : null);
    const before = await blob(entry.beforeFile);
    const after = await blob(entry.afterFile);
    if ((entry.beforeFile && !before) || (entry.afterFile && !after)) return false; // torn record: the change never ran
    // The background job may stamp the file while we work: look again when that happens.
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await readIfExists(entry.abs);
      if (same(current, before)) return false; // the change never happened, or was undone already
      if (!same(current, after)) {
        this.log.warn({ path: entry.abs }, 'changed by hand since the interrupted run wrote it; left as it is');
        return false;
      }
      if (await this.restore(entry.abs, before, current)) return true;
    }
    this.log.warn({ path: entry.abs }, 'kept changing while being undone; left as it is');
    return false;
  }

  /** Puts `before` back over exactly `current` (compare-and-swap): a hand edit is never overwritten. */
  private async restore(abs: string, before: Buffer | null, current: Buffer | null): Promise<boolean> {
    if (before === null) {
      await unlink(abs).catch(() => undefined);
      return true;
    }
    await makeFolders(path.dirname(abs));
    const expect = current === null ? null : isTextContent(current) ? current.toString('utf8') : undefined;
    return (await writeFileAtomic(abs, before, expect === undefined ? {} : { expect })).ok;
  }
}
