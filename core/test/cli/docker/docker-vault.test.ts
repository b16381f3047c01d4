// The vault folder a container is given: writable by its user (uid 1000), made so when the
// person runs as root, refused with the exact command otherwise; never taken from the person.
import { chmod, chown, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyVaultPlan, folderState, planDockerVault, type FolderState } from '../../../src/cli/service/docker-vault.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const folder = '/srv/knower/vault';
const owned = (uid: number, mode: number, entries: string[] = []): FolderState => ({ exists: true, uid, gid: uid, mode: 0o40000 | mode, entries });
const plan = (state: FolderState, hostUid: number, sharesOwners = true) => planDockerVault({ folder, state, hostUid, sharesOwners });

describe('the plan for the vault folder', () => {
  it('root: a missing folder is made for the container, the checkout’s empty vault is handed over', () => {
    expect(plan({ exists: false }, 0)).toEqual({ kind: 'create-for-container' });
    expect(plan(owned(0, 0o755, ['.gitkeep']), 0)).toEqual({ kind: 'hand-over' });
    expect(plan(owned(0, 0o755), 0)).toEqual({ kind: 'hand-over' });
  });

  it('root with notes in a folder the container cannot write: refused with the exact chown, nothing taken', () => {
    expect(plan(owned(0, 0o755, ['projects', 'overview.md']), 0)).toEqual({
      kind: 'refuse',
      lines: [
        'the vault folder /srv/knower/vault (owned by uid 0) is not writable by uid 1000, the user the container runs as',
        'give it to that user: chown -R 1000:1000 /srv/knower/vault',
        'or run Knower natively instead: KNOWER_RUNTIME=native ./knower start',
      ],
    });
  });

  it('another user: refused with the exact command (sudo), for a missing folder as for an existing one', () => {
    expect(plan(owned(1001, 0o755, ['.gitkeep']), 1001)).toMatchObject({
      kind: 'refuse',
      lines: [expect.stringContaining('(owned by uid 1001)'), 'give it to that user: sudo chown -R 1000:1000 /srv/knower/vault', expect.any(String)],
    });
    expect(plan({ exists: false }, 1001)).toMatchObject({
      kind: 'refuse',
      lines: [
        'a vault folder made by uid 1001 would not be writable by uid 1000, the user the container runs as',
        'give it to that user: sudo install -d -o 1000 -g 1000 /srv/knower/vault',
        expect.any(String),
      ],
    });
    const spaced = planDockerVault({ folder: "/home/ann/my 'notes'", state: owned(1001, 0o700), hostUid: 1001, sharesOwners: true });
    expect(spaced).toMatchObject({ lines: [expect.any(String), `give it to that user: sudo chown -R 1000:1000 '/home/ann/my '\\''notes'\\'''`, expect.any(String)] });
  });

  it('a folder uid 1000 can write (its own, its group’s, or everyone’s) is ready, whoever runs start', () => {
    expect(plan(owned(1000, 0o755, ['overview.md']), 0)).toEqual({ kind: 'ready' });
    expect(plan({ exists: true, uid: 1001, gid: 1000, mode: 0o40775, entries: [] }, 1001)).toEqual({ kind: 'ready' });
    expect(plan(owned(1001, 0o777), 1001)).toEqual({ kind: 'ready' });
    expect(plan(owned(1000, 0o555), 1000)).toMatchObject({ kind: 'refuse' });
    expect(plan({ exists: false }, 1000)).toEqual({ kind: 'create' });
  });

  it('an engine that maps owners (Docker Desktop, rootless): the folder is simply this user’s', () => {
    expect(plan({ exists: false }, 501, false)).toEqual({ kind: 'create' });
    expect(plan(owned(501, 0o755, ['notes.md']), 501, false)).toEqual({ kind: 'ready' });
  });
});

describe('carrying it out on a real folder', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-docker-vault-'));
  });
  afterEach(async () => {
    await cleanup();
  });

  // The tests run as root (CI does): only root can give a folder away.
  it('as root: made, or handed over, to 1000:1000 — the folder and its placeholder', async () => {
    const made = path.join(dir, 'new', 'vault');
    const first = planDockerVault({ folder: made, state: folderState(made), hostUid: 0, sharesOwners: true });
    expect(first).toEqual({ kind: 'create-for-container' });
    if (first.kind !== 'refuse') applyVaultPlan(made, first);
    expect(await stat(made)).toMatchObject({ uid: 1000, gid: 1000 });

    const shipped = path.join(dir, 'vault');
    await mkdir(shipped);
    await writeFile(path.join(shipped, '.gitkeep'), '');
    await chown(shipped, 0, 0);
    await chmod(shipped, 0o755);
    const second = planDockerVault({ folder: shipped, state: folderState(shipped), hostUid: 0, sharesOwners: true });
    expect(second).toEqual({ kind: 'hand-over' });
    if (second.kind !== 'refuse') applyVaultPlan(shipped, second);
    expect(await stat(shipped)).toMatchObject({ uid: 1000, gid: 1000 });
    expect(await stat(path.join(shipped, '.gitkeep'))).toMatchObject({ uid: 1000, gid: 1000 });
    // Now the container's: ready, whoever asks next.
    expect(planDockerVault({ folder: shipped, state: folderState(shipped), hostUid: 1001, sharesOwners: true })).toEqual({ kind: 'ready' });
  });
});
