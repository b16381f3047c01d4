import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';

/**
 * What the index worker was reading when it last stopped without finishing: a batch, one note
 * alone, or one note alone for the second time in a row.
 */
export type MarkKind = 'batch' | 'one' | 'again';
export type LastReading = { kind: MarkKind; paths: string[] } | undefined;

const KINDS: readonly string[] = ['batch', 'one', 'again'] satisfies MarkKind[];

/**
 * A small file beside the index naming what the index worker is reading: the paths of the
 * batch under way, or the one note it reads alone. Nothing else survives a crash of the worker
 * (a thread out of memory, a native fault, the system's OOM killer): found on the next start,
 * the marker says which notes the crash may have come from. Written once per batch and emptied
 * after it, never per note, except for the few notes under suspicion.
 */
export class ReadingMarker {
  private readonly fd: number;

  constructor(private readonly file: string) {
    // Not in append mode: each mark rewrites the file from its start.
    this.fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  }

  /** What the marker held when it was opened (left by a worker that stopped mid-batch), then empties it. */
  takeLast(): LastReading {
    const [kind, ...paths] = readFileSync(this.file, 'utf8').split('\0');
    this.clear();
    return kind !== undefined && KINDS.includes(kind) && paths.length > 0 ? { kind: kind as MarkKind, paths } : undefined;
  }

  /** Paths are NUL-separated: a file name may hold any other character, a newline included. */
  mark(kind: MarkKind, paths: readonly string[]): void {
    const bytes = Buffer.from([kind, ...paths].join('\0'));
    writeSync(this.fd, bytes, 0, bytes.length, 0);
    ftruncateSync(this.fd, bytes.length);
  }

  clear(): void {
    ftruncateSync(this.fd, 0);
  }

  close(): void {
    closeSync(this.fd);
  }
}
