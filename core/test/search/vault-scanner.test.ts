import { rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/search/worker/memory-store.js';
import { VaultScanner } from '../../src/search/worker/vault-scanner.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('the vault scanner', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(() => cleanup?.());

  it('remembers how it first came to know a file, and the earliest birth time across atomic saves', async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const scanner = new VaultScanner(temp.dir, new MemoryStore());
    await writeFile(path.join(temp.dir, 'old.md'), 'There before.\n');
    const first = await scanner.scan(
      () => undefined,
      async () => undefined,
    );
    expect(first.files).toEqual({ done: 1, total: 1 });

    await writeFile(path.join(temp.dir, 'new.md'), 'Made while running.\n');
    const [made] = scanner.sync(['new.md']).upserts;
    expect(made).toMatchObject({ path: 'new.md', origin: 'event' });

    // An editor saving by writing a new file and renaming it over the old one.
    const born = (await stat(path.join(temp.dir, 'old.md'))).birthtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(path.join(temp.dir, '.old.md.swp'), 'There before, edited.\n');
    await rename(path.join(temp.dir, '.old.md.swp'), path.join(temp.dir, 'old.md'));
    const [edited] = scanner.sync(['old.md']).upserts;
    expect(edited).toMatchObject({ path: 'old.md', origin: 'scan', tokens: Math.ceil('There before, edited.\n'.length / 4) });
    if (born > 0) expect(edited?.birthtimeMs).toBe(born);
  });
});
