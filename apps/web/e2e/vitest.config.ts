import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { isolateTestProcess } from '../../../core/src/config/test-environment.js';

// The suite, and the core and browser it starts, see an environment of their own: no provider
// keys, no KNOWER_* settings, no .env of the checkout (the harness builds core's from scratch too).
isolateTestProcess(process.env);

// The end-to-end suite: Debian's Chromium (through playwright-core) against the production build
// served by a natively started core, with the fake Messages API as the model. Run from the repo
// root with `npm run e2e`.

// `knower test` names the JSON report through the variable Playwright's json reporter reads;
// KNOWER_E2E_REPORT is the runner-neutral name. Either one adds the json reporter.
const report = process.env.KNOWER_E2E_REPORT || process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  // Vitest's results cache beside the other tools' caches, not in a node_modules/ of its own here.
  cacheDir: path.resolve(here, '..', '..', '..', 'node_modules', '.vite', 'knower-e2e'),
  test: {
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // Each file starts its own core and browser: one at a time suits a shared 2-core machine.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    reporters: report ? ['default', 'json'] : ['default'],
    ...(report ? { outputFile: { json: report } } : {}),
  },
});
