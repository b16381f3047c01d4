import path from 'node:path';
import type { Logger } from '../logger.js';
import { UpdateJournal } from './update-journal.js';

/**
 * The write journals of updates, one folder per update inside its folder in the state dir. The
 * runner opens a run's journal and closes it when the run ends; the history asks which are open:
 * their writes belong to a run, not to the person.
 */
export class UpdateJournals {
  private readonly running = new Map<string, UpdateJournal>();

  constructor(
    private readonly deps: {
      /** The update's folder in the state dir. */
      folders: { folderOf(id: string): string };
      root: string;
      log: Logger;
    },
  ) {}

  /** The journal of an update, run or not (recovery at start reads and clears a finished run's). */
  of(id: string): UpdateJournal {
    return new UpdateJournal(path.join(this.deps.folders.folderOf(id), 'journal'), this.deps.root, this.deps.log);
  }

  /** A run starts: its journal counts as open until `close`. */
  open(id: string): UpdateJournal {
    const journal = this.of(id);
    this.running.set(id, journal);
    return journal;
  }

  close(id: string): void {
    this.running.delete(id);
  }

  /** The folders of the journals of runs under way. */
  active(): string[] {
    return [...this.running.values()].map((journal) => journal.dir);
  }
}
