import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { versionKey, writeFileAtomic } from '../vault/index.js';

/**
 * One file a forget changed: where it is (`vault/<rel>`, or `state/<rel>` for Knower's records),
 * its copy from before, and what the forget left there (null: it deleted it), as a key that
 * tells "still as the forget left it" from a later change.
 */
export interface BackupEntry {
  key: string;
  /** null: nothing was there (the forget put a renamed file there). */
  copy: string | null;
  /** The vault path the file put there was renamed from. */
  from?: string;
  /** Absent: the change may not have happened (a crash between the copy and the change). */
  after?: string | null;
  /** Which forget since the last confirm kept it: a later one never replaces an earlier one's copy. */
  forget: number;
}

export interface BackupManifest {
  at: string;
  forgets: number;
  entries: BackupEntry[];
}

const MANIFEST = 'manifest.json';

/** What "as the forget left it" compares: a note minus the fields the job stamps afterwards, anything else as bytes. */
const keyOf = (bytes: Buffer, vault: boolean): string => (vault ? versionKey(bytes) : createHash('sha256').update(bytes).digest('hex'));

/**
 * Whether a file still holds what the forget left there (`current` null: nothing is there). An
 * entry with no record of that (a crash came between the copy and the change) counts as left.
 */
export function stillAsLeft(entry: BackupEntry, current: Buffer | null, vault: boolean): boolean {
  if (entry.after === undefined) return true;
  if (entry.after === null || current === null) return entry.after === null && current === null;
  return keyOf(current, vault) === entry.after;
}

/**
 * The folder where a forget keeps what it changed, until the person confirms (then it goes) or
 * puts it back: private to the user (0700, copies 0600), never holding the text anywhere but in
 * the copies themselves. The first forget since the last confirm makes it; later ones add the
 * files they change that it does not hold yet.
 */
export class ForgetBackup {
  private manifest: BackupManifest | undefined;
  private forget = 0;

  constructor(readonly dir: string) {}

  async read(): Promise<BackupManifest | undefined> {
    try {
      return JSON.parse(await readFile(path.join(this.dir, MANIFEST), 'utf8')) as BackupManifest;
    } catch {
      return undefined;
    }
  }

  /** Starts a forget's part of the backup (making the folder for the first one). */
  async open(at: string): Promise<void> {
    await mkdir(path.join(this.dir, 'files'), { recursive: true, mode: 0o700 });
    await chmod(this.dir, 0o700); // whatever the umask made of it
    const found = await this.read();
    this.manifest = found ? { ...found, forgets: found.forgets + 1 } : { at, forgets: 1, entries: [] };
    this.forget = this.manifest.forgets;
    await this.save();
  }

  /**
   * Keeps `before`, what is at `key` now, ahead of a change to it (`flush` records it). A copy an
   * earlier forget kept stays: putting the backup back returns to before the first forget.
   */
  async keep(key: string, before: Buffer): Promise<void> {
    const manifest = this.opened();
    const existing = manifest.entries.find((e) => e.key === key);
    if (existing && existing.forget !== this.forget) return;
    // Named after the key (its hash): never a path of the vault, which may hold the text.
    const copy = `files/${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
    await writeFile(path.join(this.dir, copy), before, { mode: 0o600 });
    if (existing) existing.copy = copy;
    else manifest.entries.push({ key, copy, forget: this.forget });
  }

  /** Keeps that nothing is at `key` now, ahead of a change that puts a file there (renamed from `from`). */
  keepAbsent(key: string, from?: string): void {
    const manifest = this.opened();
    const existing = manifest.entries.find((e) => e.key === key);
    if (existing && existing.forget !== this.forget) return;
    const entry: BackupEntry = { key, copy: null, ...(from !== undefined && { from }), forget: this.forget };
    if (existing) Object.assign(existing, entry);
    else manifest.entries.push(entry);
  }

  /** What the change left at `key` (null: nothing), once made: a backup put back leaves alone what changed after it. */
  left(key: string, after: Buffer | null): void {
    const entry = this.opened().entries.find((e) => e.key === key);
    if (entry) entry.after = after && keyOf(after, key.startsWith('vault/'));
  }

  /** Records the copies kept so far: call it before making the changes they are kept for. */
  flush(): Promise<void> {
    return this.save();
  }

  /** The copy of an entry, as it was before the first forget changed it (null: nothing was there). */
  async copyOf(entry: BackupEntry): Promise<Buffer | null> {
    return entry.copy === null ? null : readFile(path.join(this.dir, entry.copy));
  }

  async drop(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
    this.manifest = undefined;
  }

  private opened(): BackupManifest {
    if (!this.manifest) throw new Error('the forget backup was not opened');
    return this.manifest;
  }

  private async save(): Promise<void> {
    await writeFileAtomic(path.join(this.dir, MANIFEST), `${JSON.stringify(this.opened(), null, 2)}\n`);
  }
}
