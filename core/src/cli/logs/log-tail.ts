import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { setTimeout as sleep } from 'node:timers/promises';

const CHUNK = 64 * 1024;

/**
 * The last lines of a file for which `keep` says how many display lines each raw line makes:
 * read backwards a chunk at a time until `count` display lines are found, so a large log with
 * many dropped lines is never read whole. Returns the raw lines, oldest first, and the size read up to.
 */
export function tailLines(file: string, count: number, keep: (rawLines: string[]) => number): { lines: string[]; size: number } {
  const size = statSync(file).size;
  if (count === 0) return { lines: [], size };
  const fd = openSync(file, 'r');
  try {
    let start = size;
    let text = '';
    for (;;) {
      const from = Math.max(0, start - CHUNK);
      const buffer = Buffer.alloc(start - from);
      readSync(fd, buffer, 0, buffer.length, from);
      text = buffer.toString('latin1') + text;
      start = from;
      const lines = completeLines(text, start === 0);
      if (start === 0 || keep(lines) >= count) {
        return { lines: lines.map((l) => Buffer.from(l, 'latin1').toString('utf8')), size };
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Whole lines only: a first line cut by the chunk boundary is left out until its start is read. */
function completeLines(text: string, fromStart: boolean): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (!fromStart) lines.shift();
  return lines;
}

/** Calls `onLines` with each line appended to the file from `offset` on, until `signal` aborts. */
export async function followFile(file: string, offset: number, onLines: (lines: string[]) => void, signal: AbortSignal): Promise<void> {
  let position = offset;
  let partial = '';
  let decoder = new StringDecoder('utf8');
  while (!signal.aborted) {
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      size = 0;
    }
    // Truncated or replaced: start again from its beginning.
    if (size < position) {
      position = 0;
      partial = '';
      decoder = new StringDecoder('utf8');
    }
    if (size > position) {
      const fd = openSync(file, 'r');
      try {
        const buffer = Buffer.alloc(size - position);
        readSync(fd, buffer, 0, buffer.length, position);
        position = size;
        const lines = (partial + decoder.write(buffer)).split('\n');
        partial = lines.pop() ?? '';
        if (lines.length) onLines(lines);
      } finally {
        closeSync(fd);
      }
    }
    await sleep(250, undefined, { signal }).catch(() => undefined);
  }
}
