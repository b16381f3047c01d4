import { mkdirSync } from 'node:fs';
import { flag } from '../args.js';
import { EXIT, isFailure } from '../outcome.js';
import { succeeds } from '../service/tools.js';
import { spawnSync } from 'node:child_process';
import { checkFolders } from '../service/folders.js';
import { findTarget } from '../target.js';
import type { Verb } from './verb.js';

export const vault: Verb = {
  name: 'vault',
  help: `Usage: knower vault [--path]

Opens the vault folder with the desktop's file manager (xdg-open or open) and prints its
path; where no opener or display exists it only prints the path.
  --path   only print the absolute path (for scripts: cd "$(./knower vault --path)")
`,
  options: { path: { type: 'boolean' }, print: { type: 'boolean' } },
  takesWords: false,
  async run(args, ctx) {
    const target = findTarget(ctx.settings, [ctx.verb, ...ctx.args]);
    if (isFailure(target)) return target;
    const folder = target.vaultPath;
    ctx.out.say(folder);
    if (flag(args, 'path') || flag(args, 'print')) return EXIT.ok;
    const opener = pickOpener(ctx.environment.merged);
    if (!opener) return EXIT.ok;
    const folders = checkFolders(ctx.settings, ['VAULT_PATH']);
    if (folders) return folders;
    mkdirSync(folder, { recursive: true });
    const opened = spawnSync(opener, [folder], { stdio: 'ignore' });
    if (opened.status !== 0) ctx.out.warn(`could not open it with ${opener}`);
    return EXIT.ok;
  },
};

function pickOpener(env: NodeJS.ProcessEnv): string | undefined {
  if (process.platform === 'darwin' && succeeds('which', ['open'], 2000)) return 'open';
  if ((env.DISPLAY || env.WAYLAND_DISPLAY) && succeeds('which', ['xdg-open'], 2000)) return 'xdg-open';
  return undefined;
}
