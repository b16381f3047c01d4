// The native service's log is rotated by size, keeping three older files, while the service
// keeps writing through the descriptor `knower start` gave it.
import { closeSync, existsSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rotateIfLarge } from '../../src/log-rotation.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('log rotation', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let log: string;
  let fd: number;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-log-'));
    log = path.join(dir, 'core.log');
    // As `knower start` opens it for the service's stdout and stderr.
    fd = openSync(log, 'a');
  });
  afterEach(async () => {
    closeSync(fd);
    await cleanup();
  });

  const write = (text: string) => writeSync(fd, text);

  it('leaves a log under the limit alone', () => {
    write('a'.repeat(100));
    expect(rotateIfLarge(log, fd, 1000)).toBe(false);
    expect(existsSync(`${log}.1`)).toBe(false);
  });

  it('past the limit: a copy to .1, the log emptied, and later lines appended to it', () => {
    write('first run\n'.repeat(20));
    expect(rotateIfLarge(log, fd, 100)).toBe(true);
    expect(readFileSync(`${log}.1`, 'utf8')).toBe('first run\n'.repeat(20));
    expect(readFileSync(log, 'utf8')).toBe('');
    write('after\n');
    expect(readFileSync(log, 'utf8')).toBe('after\n');
  });

  it('keeps three older files, the oldest dropped', () => {
    for (const run of ['one', 'two', 'three', 'four', 'five']) {
      write(`${run}\n`.repeat(50));
      expect(rotateIfLarge(log, fd, 100)).toBe(true);
    }
    expect(readFileSync(`${log}.1`, 'utf8')).toContain('five');
    expect(readFileSync(`${log}.2`, 'utf8')).toContain('four');
    expect(readFileSync(`${log}.3`, 'utf8')).toContain('three');
    expect(existsSync(`${log}.4`)).toBe(false);
  });

  it('never touches a file other than the one the descriptor writes to, and 0 means never', () => {
    const other = path.join(dir, 'other.log');
    writeFileSync(other, 'x'.repeat(1000));
    write('y'.repeat(1000));
    expect(rotateIfLarge(other, fd, 100)).toBe(false);
    expect(readFileSync(other, 'utf8')).toHaveLength(1000);
    expect(rotateIfLarge(log, fd, 0)).toBe(false);
  });
});
