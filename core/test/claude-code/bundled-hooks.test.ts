// hooks.json runs each hook as one bundled CommonJS file (hooks/vendor/*.cjs): Claude Code runs
// the plugin folder as it is, so the bundles are committed, and must be exactly what the hooks'
// sources (hooks/*.mjs, hooks/lib, the vendored secret rules) bundle to now.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bundledHooks, bundleHook } from '../../scripts/bundle-hooks.js';

describe('the bundled hooks', () => {
  for (const { name, source, bundle } of bundledHooks) {
    it(`vendor/${name}.cjs is ${name}.mjs bundled as \`npm run vendor:hooks -w core\` makes it`, async () => {
      const vendored = await readFile(bundle, 'utf8');
      expect(vendored.split('\n')[1]).toMatch(/^\/\/ hooks\/[a-z-]+\.mjs and what it imports, bundled by core\/scripts\/bundle-hooks\.ts/);
      expect(vendored === (await bundleHook(source)), 'run npm run vendor:hooks -w core').toBe(true);
    });
  }
});
