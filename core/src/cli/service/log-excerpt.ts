import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import type { Output } from '../output.js';

/** The log written since `offset`, its last 40 lines, on stderr: why a start failed. */
export function showLogSince(out: Output, logFile: string, offset: number): void {
  let text: string;
  try {
    const fd = openSync(logFile, 'r');
    try {
      const size = fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.max(0, size - offset));
      readSync(fd, buffer, 0, buffer.length, offset);
      text = buffer.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return;
  }
  out.warn(`last lines of ${logFile}:`);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  out.writeErr(
    lines
      .slice(-40)
      .map((l) => `${l}\n`)
      .join(''),
  );
}
