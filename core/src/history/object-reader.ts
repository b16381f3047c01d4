import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Git } from './git.js';

interface Waiting {
  resolve(bytes: Buffer): void;
  reject(err: Error): void;
}

/**
 * One `git cat-file --batch` kept open for many reads, one object at a time: a rewrite of the
 * history reads every tree and file of every commit, and a process per object (or per level)
 * would cost more than the reading. Ids go in one per line; git answers `<id> <type> <size>\n`,
 * the bytes and a newline, or `<id> missing\n`.
 */
export class ObjectReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffered: Buffer = Buffer.alloc(0);
  private readonly waiting: Waiting[] = [];
  private failed: Error | undefined;

  constructor(git: Git) {
    this.child = git.open(['cat-file', '--batch']);
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.drain();
    });
    this.child.stderr.resume();
    const fail = (err: Error) => {
      this.failed ??= err;
      for (const w of this.waiting.splice(0)) w.reject(this.failed);
    };
    this.child.on('error', fail);
    this.child.on('close', (code) => fail(new Error(`git cat-file ended (${code ?? 'killed'})`)));
    this.child.stdin.on('error', () => undefined);
  }

  /** The object's bytes (a blob's content, a tree or a commit as git stores it). */
  read(id: string): Promise<Buffer> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin.write(`${id}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }

  private drain(): void {
    for (;;) {
      const waiter = this.waiting[0];
      const eol = this.buffered.indexOf(10);
      if (!waiter || eol === -1) return;
      const [id = '', type, size] = this.buffered.subarray(0, eol).toString('latin1').split(' ');
      if (type === 'missing' || size === undefined) {
        this.buffered = this.buffered.subarray(eol + 1);
        this.waiting.shift();
        waiter.reject(new Error(`object ${id} is missing from the history`));
        continue;
      }
      const end = eol + 1 + Number(size);
      if (this.buffered.length < end + 1) return; // the rest of the object is on its way
      const bytes = Buffer.from(this.buffered.subarray(eol + 1, end));
      this.buffered = this.buffered.subarray(end + 1);
      this.waiting.shift();
      waiter.resolve(bytes);
    }
  }
}
