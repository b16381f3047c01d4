import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ARTIFACTS, CHROMIUM, CORE_MAIN, NODE22, REPO_ROOT, WEB_INDEX } from './harness/paths.js';

/**
 * Runs once before the suite: the suite drives the production builds, so a missing build is a
 * setup error with the command that fixes it, not forty confusing test failures.
 */
export default async function setup(): Promise<void> {
  const missing = [
    [CORE_MAIN, 'core is not built'],
    [WEB_INDEX, 'the web app is not built'],
  ].filter(([file]) => !existsSync(file!));
  if (missing.length > 0) {
    const lines = missing.map(([file, what]) => `  ${what}: ${path.relative(REPO_ROOT, file!)} is missing`);
    throw new Error(`The end-to-end suite runs the production build.\n${lines.join('\n')}\nRun \`npm run build\` at the repo root, then \`npm run e2e\` again.`);
  }
  if (!existsSync(NODE22)) throw new Error(`${path.relative(REPO_ROOT, NODE22)} is missing: run \`npm install\` at the repo root.`);
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's (\`apt-get install -y chromium\`) or set CHROMIUM_PATH. The suite never downloads a browser.`);
  }
  // Artifacts describe the last run only: stale screenshots would pass for fresh ones.
  await rm(ARTIFACTS, { recursive: true, force: true });
  await mkdir(ARTIFACTS, { recursive: true });
}
