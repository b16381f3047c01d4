// Without a token, every account on the machine can use the service on 127.0.0.1: `knower start`
// says so in one line where there are other people's accounts, and only then.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localUsersHint, otherPeople } from '../../src/cli/service/local-users.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const passwd = [
  'root:x:0:0:root:/root:/bin/bash',
  'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin',
  'ana:x:1000:1000:Ana:/home/ana:/bin/bash',
  'ben:x:1001:1001:Ben:/home/ben:/usr/bin/zsh',
  'backup:x:1002:1002::/var/backups:/usr/sbin/nologin',
  'svc:x:1003:1003::/srv:/bin/false',
  'nobody:x:65534:65534:nobody:/nonexistent:/bin/sh',
  '',
].join('\n');

describe('other people on this machine', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await makeTempDir('knower-users-')));
  afterAll(() => cleanup());

  it('are the accounts with a login shell and a uid from 1000, the user itself, root and nobody left out', () => {
    expect(otherPeople(passwd, 0)).toEqual(['ana', 'ben']);
    expect(otherPeople(passwd, 1000)).toEqual(['ben']);
    expect(otherPeople('ana:x:1000:1000:Ana:/home/ana:/bin/bash\n', 1000)).toEqual([]);
  });

  it('get a one-line hint on start without a token, none with one or when there is no one else', async () => {
    const file = path.join(dir, 'passwd');
    await writeFile(file, passwd);
    const uid = process.getuid?.() ?? 0;
    const others = otherPeople(passwd, uid);
    expect(localUsersHint('http://127.0.0.1:8000', false, file)).toBe(
      `Other accounts on this machine (${others.join(', ')}) can use http://127.0.0.1:8000 too: set KNOWER_TOKEN to keep them out (SECURITY.md, "Other users of this machine").`,
    );
    expect(localUsersHint('http://127.0.0.1:8000', true, file)).toBeUndefined();
    const alone = path.join(dir, 'alone');
    await writeFile(alone, 'root:x:0:0:root:/root:/bin/bash\n');
    expect(localUsersHint('http://127.0.0.1:8000', false, alone)).toBeUndefined();
    expect(localUsersHint('http://127.0.0.1:8000', false, path.join(dir, 'missing'))).toBeUndefined();
  });

  it('are counted past three', async () => {
    const many = path.join(dir, 'many');
    await writeFile(many, ['a', 'b', 'c', 'd', 'e'].map((name, i) => `${name}:x:${String(2000 + i)}:100::/home/${name}:/bin/sh`).join('\n'));
    expect(localUsersHint('http://127.0.0.1:9', false, many)).toMatch(/^Other accounts on this machine \(a, b, c and 2 more\) can use /);
  });
});
