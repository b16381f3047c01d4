import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repo root, from apps/web/e2e/harness. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** What the suite runs: the production builds, as CI leaves them after `npm run build`. */
export const CORE_MAIN = path.join(REPO_ROOT, 'core', 'dist', 'main.js');
export const WEB_INDEX = path.join(REPO_ROOT, 'apps', 'web', 'dist', 'index.html');

/** The project's Node 22 (the `node` dependency): qmd, which core spawns, needs Node >= 22. */
export const NODE22 = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');

/** Screenshots, and on failure the core log and the vault (git-ignored through /artifacts/). */
export const ARTIFACTS = path.join(REPO_ROOT, 'artifacts', 'e2e');

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
