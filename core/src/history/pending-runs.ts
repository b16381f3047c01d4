import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunMeta } from './commit-message.js';

/** A run whose vault changes are done and whose commit is not made yet: a journal folder plus meta.json. */
export interface PendingRun {
  dir: string;
  kind: 'update' | 'undo' | 'restore';
  /** The update id (update runs), from the folder name: a crash may come before meta.json. */
  updateId?: string;
}

const NAME = /^(\d{14})-(\d{6})-(update|undo|restore)(?:-(.+))?$/;

/**
 * Runs waiting for their commit, on disk under the history's folder, oldest first by name.
 * An update's journal is moved here in one rename when its outcome is saved (the update does not
 * wait for git), and the commit is made from it; it goes once the commit is in the branch.
 */
export class PendingRuns {
  private counter = 0;
  private made = false;

  constructor(readonly dir: string) {}

  /** A new folder name that sorts after every earlier one, across restarts (wall-clock ms, then a counter). */
  private nextName(kind: PendingRun['kind'], id?: string): string {
    const counter = String(this.counter++ % 1_000_000).padStart(6, '0');
    return `${String(Date.now()).padStart(14, '0')}-${counter}-${kind}${id ? `-${id}` : ''}`;
  }

  async list(): Promise<PendingRun[]> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((n) => NAME.test(n)).sort();
    return names.map((name) => {
      const [, , , kind, id] = NAME.exec(name) as RegExpExecArray;
      return { dir: path.join(this.dir, name), kind: kind as PendingRun['kind'], ...(kind === 'update' && id ? { updateId: id } : {}) };
    });
  }

  /**
   * The folder an update's journal will be moved to, named now: the history counts the run's
   * files as its own from before the move, so no instant passes where they belong to nobody.
   */
  reserve(updateId: string): PendingRun {
    return { dir: path.join(this.dir, this.nextName('update', updateId)), kind: 'update', updateId };
  }

  /** Takes a journal folder over into its reserved place (one rename); false when it holds nothing (no folder). */
  async adopt(journalDir: string, run: PendingRun): Promise<boolean> {
    if (!this.made) await mkdir(this.dir, { recursive: true });
    this.made = true;
    try {
      await rename(journalDir, run.dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      if (code !== 'EXDEV') throw err;
      // The state folder spans two filesystems: copy, then let the caller clear the original.
      await cp(journalDir, run.dir, { recursive: true });
    }
    return true;
  }

  /** A fresh folder for an undo's or a restore's journal. */
  async create(kind: 'undo' | 'restore'): Promise<PendingRun> {
    const dir = path.join(this.dir, this.nextName(kind));
    await mkdir(dir, { recursive: true });
    return { dir, kind };
  }

  /** Plain fs, not the vault's writer: inside a journaled run that would journal the journal. */
  async writeMeta(run: PendingRun, meta: RunMeta): Promise<void> {
    const file = path.join(run.dir, 'meta.json');
    await writeFile(`${file}.tmp`, JSON.stringify(meta));
    await rename(`${file}.tmp`, file);
  }

  async readMeta(run: PendingRun): Promise<RunMeta | undefined> {
    try {
      return JSON.parse(await readFile(path.join(run.dir, 'meta.json'), 'utf8')) as RunMeta;
    } catch {
      return undefined;
    }
  }

  async remove(run: PendingRun): Promise<void> {
    await rm(run.dir, { recursive: true, force: true });
  }
}
