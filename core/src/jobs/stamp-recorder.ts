import type { FrontmatterMode, KnowerNotes, VaultIndex } from '../vault/index.js';
import type { Stamper, StampTask } from './stamp-note.js';

export interface StampRecorderDeps {
  stamper: Stamper;
  index: VaultIndex;
  mode: FrontmatterMode;
  knowerNotes?: Pick<KnowerNotes, 'add'> | undefined;
  /** The note changed between the read and the write: the job looks again once it is quiet. */
  raced: (rel: string) => void;
}

/** Stamps a note and acts on the outcome: counts the writes and the races, records Knower's notes, marks malformed frontmatter. */
export class StampRecorder {
  writes = 0;
  conflicts = 0;

  constructor(private readonly deps: StampRecorderDeps) {}

  /** The note's path when the job wrote it. */
  async stamp(task: StampTask): Promise<string | undefined> {
    const outcome = await this.deps.stamper.stamp(task.rel, task.born, task.previousBody);
    switch (outcome.kind) {
      case 'stamped':
        this.writes++;
        // Where only Knower's notes are stamped, having stamped one makes it Knower's for good
        // (a rebuilt index forgets which notes it first saw while running). In `all` mode every
        // note is stamped: recording them would make the person's notes Knower's, should the
        // mode later become `knower`.
        if (this.deps.mode === 'knower') this.deps.knowerNotes?.add(task.rel);
        return task.rel;
      case 'raced':
        this.conflicts++;
        this.deps.raced(task.rel);
        return undefined;
      case 'malformed': {
        const entry = this.deps.index.get(task.rel);
        if (entry) this.deps.index.set({ ...entry, malformed: outcome.error });
        return undefined;
      }
      default:
        return undefined;
    }
  }
}
