import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readHead } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe("a note's head", () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  afterEach(() => temp.cleanup());

  it('is the budget at most, never a character cut in two, with the whole size', async () => {
    temp = await makeTempDir();
    const file = path.join(temp.dir, 'accents.md');
    await writeFile(file, 'aéé€😀z'); // 1 + 2 + 2 + 3 + 4 + 1 bytes
    const cases: Array<[number, string]> = [
      [1, 'a'],
      [2, 'a'],
      [4, 'aé'],
      [5, 'aéé'],
      [7, 'aéé'],
      [8, 'aéé€'],
      [11, 'aéé€'],
      [12, 'aéé€😀'],
      [13, 'aéé€😀z'],
      [100, 'aéé€😀z'],
    ];
    for (const [max, text] of cases) {
      const head = await readHead(file, max);
      expect({ max, text: head?.bytes.toString('utf8'), size: head?.size }).toEqual({ max, text, size: 13 });
    }
  });

  it('is nothing for a FIFO, a folder or a missing file, and never waits on a FIFO', async () => {
    temp = await makeTempDir();
    execFileSync('mkfifo', [path.join(temp.dir, 'pipe.md')]);
    expect(await readHead(path.join(temp.dir, 'pipe.md'))).toBeUndefined();
    expect(await readHead(temp.dir)).toBeUndefined();
    expect(await readHead(path.join(temp.dir, 'gone.md'))).toBeUndefined();
  });
});
