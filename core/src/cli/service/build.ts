import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '../context.js';
import { failed, type Failure } from '../outcome.js';
import { projectEnv, runInherit } from './tools.js';

/** Builds when asked, or when the service or the web app has no build yet. */
export async function ensureBuilt(ctx: Context, rebuild: boolean): Promise<Failure | undefined> {
  const root = ctx.settings.repoRoot;
  const built = existsSync(path.join(root, 'core', 'dist', 'main.js')) && existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html'));
  if (built && !rebuild) return undefined;
  ctx.out.say('Building (npm run build)…');
  const code = await runInherit('npm', ['run', 'build'], { cwd: root, env: projectEnv(root, ctx.settings.childEnv) });
  return code === 0 ? undefined : failed('the build failed (see above)');
}
