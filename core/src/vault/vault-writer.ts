import { readFile } from 'node:fs/promises';
import { writeFileAtomic, type WriteOptions, type WriteOutcome } from './atomic-write.js';
import { readBytesIfExists } from './read-file.js';
import { removeIfUnchanged, type RemoveOutcome } from './remove-if-unchanged.js';
import { copyInto, linkFile, removeFile } from './vault-ops.js';
import type { RootNames } from './root-names.js';
import type { WriteJournal } from './write-journal.js';

/**
 * Every change a run makes to the vault goes through one of these, handed to it explicitly: the
 * update queue gives each run a journaled one (each change recorded before it happens, so an
 * interrupted run can be undone), the search agent gets none that writes.
 */
export interface VaultWriter {
  /** writeFileAtomic: create, replace, or compare-and-swap (see WriteOptions). */
  write(abs: string, data: string | Uint8Array, opts?: WriteOptions): Promise<WriteOutcome>;
  removeFile(abs: string): Promise<void>;
  /**
   * Removes a file only if it still holds `expected`, the bytes the caller checked (job fields
   * aside); a file changed or replaced since stays, and so does anything else at the path.
   */
  removeIfUnchanged(abs: string, expected: Uint8Array): Promise<RemoveOutcome>;
  /** A second name for a file; EEXIST rather than overwrite. */
  linkFile(fromAbs: string, toAbs: string): Promise<void>;
  /** A file from outside the vault copied in; EEXIST rather than overwrite. */
  copyInto(srcAbs: string, destAbs: string): Promise<void>;
}

/** Enough to change files in the vault: where it is, and the writer of the run doing it. */
export interface VaultAccess {
  root: string;
  writer: VaultWriter;
  /** Which root names the person's own files hold (absent: all are Knower's). */
  names?: RootNames;
}

/** Writes as asked, recording nothing (tests of one tool, work no run has to undo). */
export const directWriter: VaultWriter = {
  write: writeFileAtomic,
  removeFile,
  removeIfUnchanged: (abs, expected) => removeIfUnchanged(abs, expected),
  linkFile,
  copyInto,
};

/** A writer for a run that must not write: using it is a broken invariant, never a user error. */
export const refusingWriter: VaultWriter = new Proxy({} as VaultWriter, {
  get: (_target, name) => () => Promise.reject(new Error(`this run may not change the vault (${String(name)})`)),
});

const toBuffer = (data: string | Uint8Array | null): Buffer | null => (data === null ? null : Buffer.from(data));

/**
 * Records each change in `journal` before making it; a change that then does not happen (the
 * compare-and-swap found the file changed, the target existed) is cancelled in the journal.
 */
export function journaledWriter(journal: WriteJournal): VaultWriter {
  async function record(abs: string, after: string | Uint8Array | null, before?: string | Uint8Array | null): Promise<() => Promise<void>> {
    const entry = await journal.record(abs, before === undefined ? ((await readBytesIfExists(abs)) ?? null) : toBuffer(before), toBuffer(after));
    return () => journal.cancel(entry);
  }

  async function undoable<T>(recorded: Promise<() => Promise<void>>, change: () => Promise<T>): Promise<T> {
    const cancel = await recorded;
    try {
      return await change();
    } catch (err) {
      await cancel();
      throw err;
    }
  }

  return {
    async write(abs, data, opts = {}) {
      const cancel = await record(abs, data, opts.expect);
      const outcome = await undoable(Promise.resolve(cancel), () => writeFileAtomic(abs, data, opts));
      if (!outcome.ok) await cancel();
      return outcome;
    },
    async removeFile(abs) {
      await undoable(record(abs, null), () => removeFile(abs));
    },
    async removeIfUnchanged(abs, expected) {
      // The journal keeps the bytes checked, which are the bytes removed (or nothing happens).
      const cancel = await record(abs, null, expected);
      const outcome = await undoable(Promise.resolve(cancel), () => removeIfUnchanged(abs, expected));
      if (!outcome.ok) await cancel();
      return outcome;
    },
    async linkFile(fromAbs, toAbs) {
      await undoable(record(toAbs, await readFile(fromAbs), null), () => linkFile(fromAbs, toAbs));
    },
    async copyInto(srcAbs, destAbs) {
      await undoable(record(destAbs, await readFile(srcAbs), null), () => copyInto(srcAbs, destAbs));
    },
  };
}
