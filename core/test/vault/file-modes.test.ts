// What Knower creates in the vault follows the vault's own folder, never wider than the person's
// umask, although the service runs with umask 077 (its state private); what it rewrites keeps its
// permissions.
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { directWriter, openVault, writeFileAtomic, type OpenVault } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;
const clock = () => new Date('2026-01-02T03:04:05Z');

describe('permissions of what Knower writes', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let umaskBefore: number;
  let opened: OpenVault[] = [];
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-modes-'));
    // As the service runs (main.ts): everything not given a mode of its own is private.
    umaskBefore = process.umask(0o077);
  });
  afterEach(async () => {
    for (const vault of opened) vault.unregisterFilesystem();
    opened = [];
    process.umask(umaskBefore);
    await cleanup();
  });

  /** `name`/vault with `mode`, opened as the service opens it (state in `name`/state), started with the person's `umask`. */
  async function open(name: string, mode: number, umask: number): Promise<string> {
    const vault = path.join(dir, name, 'vault');
    await mkdir(vault, { recursive: true });
    await chmod(vault, mode);
    const vaultOpened = await openVault({ vaultPath: vault, stateDir: path.join(dir, name, 'state'), frontmatter: undefined, umask, clock, log: silentLogger });
    opened.push(vaultOpened);
    return vaultOpened.root;
  }

  it("a 0755 vault (umask 022): notes 0644 and folders 0755, as the person's own files", async () => {
    const vault = await open('v', 0o755, 0o022);
    expect(await modeOf(path.join(vault, 'overview.md'))).toBe(0o644);
    expect(await modeOf(path.join(vault, 'projects'))).toBe(0o755);
    const note = path.join(vault, 'projects', 'garden', 'beds', 'bed-4.md');
    expect(await writeFileAtomic(note, 'Garlic\n', { expect: null })).toEqual({ ok: true });
    expect(await modeOf(note)).toBe(0o644);
    expect(await modeOf(path.join(vault, 'projects', 'garden'))).toBe(0o755);
    expect(await modeOf(path.join(vault, 'projects', 'garden', 'beds'))).toBe(0o755);
    // An upload kept in the private state folder, copied into the vault: the vault's mode, not the state's.
    const upload = path.join(dir, 'v', 'state', 'photo.png');
    await writeFile(upload, 'png');
    await directWriter.copyInto(upload, path.join(vault, 'bucket', 'photo.png'));
    expect(await modeOf(upload)).toBe(0o600);
    expect(await modeOf(path.join(vault, 'bucket', 'photo.png'))).toBe(0o644);
  });

  it('a 0700 vault: 0600 and 0700; a group-shared 0770 vault (umask 007): 0660 and 0770; never wider than the umask', async () => {
    const own = await open('own', 0o700, 0o022);
    expect(await modeOf(path.join(own, 'tasks.md'))).toBe(0o600);
    expect(await modeOf(path.join(own, 'inbox'))).toBe(0o700);
    const shared = await open('shared', 0o770, 0o007);
    expect(await modeOf(path.join(shared, 'tasks.md'))).toBe(0o660);
    expect(await modeOf(path.join(shared, 'bucket'))).toBe(0o770);
    const note = path.join(shared, 'bucket', 'a', 'b.md');
    await writeFileAtomic(note, 'x');
    expect(await modeOf(note)).toBe(0o660);
    expect(await modeOf(path.dirname(note))).toBe(0o770);
    // A vault open to everyone does not make Knower's notes writable by everyone.
    const open777 = await open('open', 0o777, 0o022);
    expect(await modeOf(path.join(open777, 'profile.md'))).toBe(0o644);
  });

  it('a note the person made private stays private when Knower rewrites it', async () => {
    const vault = await open('v', 0o755, 0o022);
    process.umask(0o022);
    const note = path.join(vault, 'diary.md');
    await writeFile(note, 'v1\n');
    await chmod(note, 0o600);
    expect(await writeFileAtomic(note, 'v2\n', { expect: 'v1\n' })).toEqual({ ok: true });
    expect(await modeOf(note)).toBe(0o600);
    await chmod(note, 0o640);
    await writeFileAtomic(note, 'v3\n');
    expect(await modeOf(note)).toBe(0o640);
  });
});
