// The plugin carries secretlint's recommended rules in its own folder (Claude Code runs the hooks
// without node_modules): the vendored file must be exactly what the pinned preset bundles to.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bundleSecretRules, vendoredSecretRules } from '../../scripts/vendor-secret-rules.js';

describe('the vendored secretlint rules', () => {
  it('are the installed preset, bundled as `npm run vendor:secret-rules -w core` makes them', async () => {
    const vendored = await readFile(vendoredSecretRules, 'utf8');
    expect(vendored.split('\n')[0]).toMatch(/^\/\/ @secretlint\/secretlint-rule-preset-recommend \d+\.\d+\.\d+, bundled/);
    expect(vendored === (await bundleSecretRules()), 'run npm run vendor:secret-rules -w core').toBe(true);
  });
});
