import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_FOLDERS, repoRoot } from './paths.js';

/**
 * What the rules are measured against: the filesystem's root (`/`; tests give a scratch folder
 * standing for it), the person's home folder and this checkout.
 */
export interface FolderPlaces {
  root: string;
  home: string | undefined;
  checkout: string;
}

const machinePlaces = (): FolderPlaces => ({ root: '/', home: os.homedir(), checkout: repoRoot });

/** The system's own folders, everything inside them included (macOS reaches /etc and /var through /private). */
const SYSTEM = [
  '/etc',
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/boot',
  '/proc',
  '/sys',
  '/dev',
  '/run',
  '/var',
  '/snap',
  '/private/etc',
  '/private/var',
  '/System',
  '/Library',
  '/Applications',
];

/**
 * Inside a system folder, where people keep folders of their own: anything below these is fine.
 * Fedora Atomic's homes are /var/home/<user>; removable disks mount under /run/media/<user>;
 * /var/tmp and macOS's /var/folders are temp folders like /tmp.
 */
const PEOPLES = ['/var/home', '/var/tmp', '/var/folders', '/private/var/tmp', '/private/var/folders', '/run/media'];

/** Folders holding every user's folders (homes, temp): each of these itself, never what is inside. */
const SHARED = ['/home', '/var/home', '/Users', '/tmp', '/private/tmp', '/var/tmp', '/private/var/tmp', '/run/media'];

/** Where home folders are: each folder directly inside. */
const HOMES = ['/home', '/var/home', '/Users'];

const ADVICE = 'choose a folder of your own, such as ~/notes';

/** `p` is `dir` or inside it (`p` in the root's terms: '/'-separated). */
const within = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`);

/** `real` is `dir` or inside it (host paths). */
const under = (real: string, dir: string) => real === dir || real.startsWith(dir + path.sep);

/** The folder with every symlink resolved, as far as it exists (the rest would be created as named). */
function resolved(folder: string): string {
  const missing: string[] = [];
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    try {
      return path.join(realpathSync(at), ...missing.reverse());
    } catch {
      if (path.dirname(at) === at) return path.resolve(folder);
      missing.push(path.basename(at));
    }
  }
}

/** `real` as seen from `root`: '/etc' for <root>/etc; undefined when it lies outside that root. */
function fromRoot(real: string, root: string): string | undefined {
  const rel = path.relative(resolved(root), real);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return `/${rel.split(path.sep).join('/')}`.replace(/\/$/, '') || '/';
}

/**
 * Why Knower must never own `folder` as its vault or state dir, or undefined: it writes its own
 * files into both, keeps their history and serves the vault over HTTP. Refused are the filesystem
 * root, the system's folders, the folders holding everyone's (/home, /tmp) and a home itself,
 * and this checkout's code. Symlinks are resolved first: a link to /etc is /etc.
 */
export function refusedFolder(folder: string, places: FolderPlaces = machinePlaces()): string | undefined {
  const real = resolved(folder);
  const is = real === path.resolve(folder) ? 'is' : `leads to ${real} (symlinks resolved), which is`;
  const p = fromRoot(real, places.root);
  if (p === '/' || real === path.parse(real).root) return `${is} the filesystem root: Knower would write its files there and index and serve the whole machine; ${ADVICE}`;
  if (isHome(real, p, places.home)) {
    return `${is} the home folder ${real} itself: Knower would write its files among yours and index and serve all of them; choose a folder inside it, such as ${path.join(real, 'notes')}`;
  }
  if (p !== undefined && SHARED.includes(p)) return `${is} ${p}, a folder holding everyone's folders: choose a folder of your own inside it`;
  const system = p === undefined ? undefined : systemFolderOf(p);
  if (system) return `${is} ${p === system ? '' : 'inside '}${system}, a system folder: Knower must never write, index or serve the system's own files; ${ADVICE}`;
  return checkoutProblem(real, is, resolved(places.checkout));
}

/** $HOME, /root, or a folder directly in /home (/var/home, /Users): a home folder itself, not one inside it. */
function isHome(real: string, p: string | undefined, home: string | undefined): boolean {
  if (home && real === resolved(home)) return true;
  return p !== undefined && (p === '/root' || HOMES.includes(path.posix.dirname(p)));
}

/** The system folder `p` is in, unless it lies where people keep folders of their own inside one. */
function systemFolderOf(p: string): string | undefined {
  if (PEOPLES.some((dir) => p.startsWith(`${dir}/`))) return undefined;
  return SYSTEM.find((dir) => within(p, dir));
}

/** The checkout itself, or a folder of its code: the vault and the state dir have folders of their own there. */
function checkoutProblem(real: string, is: string, checkout: string): string | undefined {
  const defaults = `the defaults are ${path.join(checkout, 'vault')} and ${path.join(checkout, '.knower')}`;
  if (real === checkout) return `${is} this Knower checkout itself: its code would be indexed and served, and Knower's files written among it; ${ADVICE} (${defaults})`;
  const code = CODE_FOLDERS.map((name) => path.join(checkout, name)).find((dir) => under(real, dir));
  if (code) return `${is} ${real === code ? '' : 'inside '}${code}, part of this Knower checkout's code: ${ADVICE} (${defaults})`;
  return undefined;
}
