import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../vault/index.js';
import { fromDisk, type StoredAttachment, type UpdateRecord } from './update-record.js';

/** One file of a new update: its kind and type already sniffed from its bytes. */
export interface NewAttachment {
  name: string;
  kind: StoredAttachment['kind'];
  mediaType: string;
  /** The kept file's extension, without the dot ('' for none). */
  ext: string;
  /** Where its bytes are: a file in the store's incoming folder (moved into the record) or anywhere else (copied). */
  file: string;
  size: number;
  sha256: string;
}

export interface NewUpdate {
  text: string;
  url?: string;
  transcribe?: UpdateRecord['transcribe'];
  inboxRef?: string;
  attachments: NewAttachment[];
  idempotencyKey?: string;
  /** Runs the input of this failed update again. */
  retryOf?: string;
  /** The body's fingerprint, kept with the key: the same key with another body is refused. */
  idempotencyHash?: string;
}

async function fsyncPath(p: string): Promise<void> {
  const handle = await open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Accepted updates on disk. An update is written to a temp folder, fsynced, then renamed into
 * place and the parent fsynced: after `create` returns, a crash cannot lose or half-write it.
 */
export class UpdateStore {
  private readonly dir: string;
  private seq = 0;
  /** Each record as last loaded, created or saved: what the history shows of an update. */
  private readonly known = new Map<string, UpdateRecord>();

  constructor(
    stateDir: string,
    private readonly clock: () => Date,
  ) {
    this.dir = path.join(stateDir, 'updates');
  }

  async load(): Promise<UpdateRecord[]> {
    await mkdir(this.dir, { recursive: true });
    const records: UpdateRecord[] = [];
    for (const name of await readdir(this.dir)) {
      if (name.startsWith('.')) {
        // An unfinished create (a crash, a full disk): never acknowledged, so never accepted.
        await rm(path.join(this.dir, name), { recursive: true, force: true });
        continue;
      }
      const record = await this.get(name);
      if (record) {
        records.push(record);
        this.known.set(record.id, record);
      }
    }
    records.sort((a, b) => a.seq - b.seq);
    this.seq = records.at(-1)?.seq ?? 0;
    return records;
  }

  async create(input: NewUpdate): Promise<UpdateRecord> {
    const now = this.clock();
    const id = `${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${randomBytes(3).toString('hex')}`;
    const staging = path.join(this.dir, `.${id}`);
    try {
      return await this.stage(staging, id, now, input);
    } catch (err) {
      // Not accepted (a full disk, say): the caller hears why, and no half-written folder stays.
      await rm(staging, { recursive: true, force: true });
      throw err;
    }
  }

  private async stage(staging: string, id: string, now: Date, input: NewUpdate): Promise<UpdateRecord> {
    await mkdir(staging, { recursive: true });
    const attachments: StoredAttachment[] = [];
    for (const [i, attachment] of input.attachments.entries()) {
      // Named by position and kind: the sent name is a client's word, never a path.
      const file = `${attachment.kind}-${i + 1}${attachment.ext ? `.${attachment.ext}` : ''}`;
      await this.take(attachment.file, path.join(staging, file));
      attachments.push({ name: attachment.name, kind: attachment.kind, mediaType: attachment.mediaType, file, size: attachment.size });
    }
    const record: UpdateRecord = {
      id,
      seq: ++this.seq,
      status: 'queued',
      text: input.text,
      ...(input.url ? { url: input.url } : {}),
      ...(input.transcribe ? { transcribe: input.transcribe } : {}),
      ...(input.inboxRef ? { inbox_ref: input.inboxRef } : {}),
      attachments,
      created: now.toISOString(),
      attempts: 0,
      ...(input.idempotencyKey ? { idempotency_key: input.idempotencyKey } : {}),
      ...(input.idempotencyHash ? { idempotency_hash: input.idempotencyHash } : {}),
      ...(input.retryOf ? { retry_of: input.retryOf } : {}),
    };
    await writeFileAtomic(path.join(staging, 'update.json'), JSON.stringify(record, null, 2));
    await fsyncPath(staging);
    await rename(staging, path.join(this.dir, id));
    await fsyncPath(this.dir);
    this.known.set(id, record);
    return record;
  }

  /** A received file moves into the record; any other is copied. Either way its bytes are fsynced. */
  private async take(from: string, to: string): Promise<void> {
    if (path.dirname(from) === this.incomingDir()) await rename(from, to);
    else await copyFile(from, to, constants.COPYFILE_EXCL);
    await fsyncPath(to);
  }

  /** Where uploads are streamed before an update takes them (emptied at start, like any unfinished create). */
  incomingDir(): string {
    return path.join(this.dir, '.incoming');
  }

  async save(record: UpdateRecord): Promise<void> {
    this.known.set(record.id, record);
    await writeFileAtomic(path.join(this.dir, record.id, 'update.json'), JSON.stringify(record, null, 2));
  }

  async get(id: string): Promise<UpdateRecord | undefined> {
    if (!/^[0-9]{8}-[0-9]{6}-[0-9a-f]{6}$/.test(id)) return undefined;
    try {
      return fromDisk(JSON.parse(await readFile(path.join(this.dir, id, 'update.json'), 'utf8')) as UpdateRecord);
    } catch {
      return undefined;
    }
  }

  /** The record as last loaded, created or saved, from memory. */
  latest(id: string): UpdateRecord | undefined {
    return this.known.get(id);
  }

  folderOf(id: string): string {
    return path.join(this.dir, id);
  }

  attachmentPath(record: UpdateRecord, attachment: StoredAttachment): string {
    return path.join(this.dir, record.id, attachment.file);
  }
}
