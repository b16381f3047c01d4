import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** A string that lives only outside the vault: it must never appear in any response. */
export const CANARY = 'CANARY-9c1f0e7b-outside-the-vault';

export interface HostileApp extends TestApp {
  /** A folder beside the vault holding canary files, which symlinks in the vault point to. */
  outside: string;
}

/**
 * A real app whose vault holds traps: symlinks to a folder outside (as a folder, as a note, and
 * as an inbox item), dot-folders, and a binary file; outside sits the canary.
 */
export async function startHostileApp(env: Record<string, string> = {}): Promise<HostileApp> {
  let outside = '';
  const t = await startTestApp({
    env,
    prepare: async (vault) => {
      outside = path.join(vault, '..', 'outside');
      await mkdir(outside, { recursive: true });
      await writeFile(path.join(outside, 'canary.md'), `# Secret\n\n${CANARY}\n`);
      await writeFile(path.join(outside, 'review.md'), `# Fake inbox item\n\n${CANARY}\n`);
      const write = async (rel: string, text: string | Buffer) => {
        await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
        await writeFile(path.join(vault, rel), text);
      };
      await write('projects/acme/state.md', '# Acme\n\nLaunch planned for Q3.\n');
      await write('bucket/photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      await write('.git/config', `[core]\n# ${CANARY}\n`);
      await write('projects/acme/.secret.md', `${CANARY}\n`);
      await symlink(outside, path.join(vault, 'link-out'));
      await symlink(path.join(outside, 'canary.md'), path.join(vault, 'projects', 'acme', 'alias.md'));
      // Not a note: the background job leaves it alone, so the routes' own checks are what is tested.
      await symlink(path.join(outside, 'canary.md'), path.join(vault, 'projects', 'acme', 'alias.png'));
      await mkdir(path.join(vault, 'inbox'), { recursive: true });
      await symlink(outside, path.join(vault, 'inbox', 'linked-item'));
      // Inside real item folders: an attachment, and a review.md, that lead outside.
      await write('inbox/real-item/review.md', '# Which project?\n\nacme or garden?\n');
      await symlink(path.join(outside, 'canary.md'), path.join(vault, 'inbox', 'real-item', 'notes.md'));
      await mkdir(path.join(vault, 'inbox', 'planted-item'), { recursive: true });
      await symlink(path.join(outside, 'review.md'), path.join(vault, 'inbox', 'planted-item', 'review.md'));
    },
  });
  await t.knower.whenSettled();
  return { ...t, outside, close: () => closeWhenIdle(t) };
}

/** app.close() does not wait for an update already running: let accepted updates finish first. */
export async function closeWhenIdle(t: TestApp): Promise<void> {
  await t.knower.queue.whenIdle();
  await t.knower.whenSettled();
  await t.close();
}

/**
 * Every route the app registered, from `printRoutes()`'s radix tree (a node's full path is its
 * ancestors' segments joined), so a route added later is covered without editing the tests.
 */
export function listRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) {
      routes.push({
        method,
        url: stack
          .join('')
          .replace(/:[^/]+/g, 'x')
          .replace(/\*/g, 'x'),
      });
    }
  }
  return routes;
}

/** Every file under `dir` (symlinks not followed) with a hash of its content: "nothing written" checks. */
export async function snapshot(dir: string, rel = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const d of await readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => [])) {
    const child = rel ? `${rel}/${d.name}` : d.name;
    const abs = path.join(dir, child);
    if (d.isSymbolicLink()) out[child] = `-> ${await readlink(abs)}`;
    else if (d.isDirectory()) Object.assign(out, await snapshot(dir, child));
    else
      out[child] = `${(await lstat(abs)).size}:${createHash('sha256')
        .update(await readFile(abs))
        .digest('hex')}`;
  }
  return out;
}
