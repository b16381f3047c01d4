/**
 * npm run vendor:secret-rules -w core
 * The Claude Code plugin removes secrets from what it captures with secretlint's recommended
 * rules (@secretlint/secretlint-rule-preset-recommend, pinned in core's devDependencies). Claude
 * Code runs its own copy of the plugin folder with `node` and no node_modules, so the rules travel
 * inside the plugin: this bundles the installed preset into one minified ES module there.
 * Minified, it loads in about half the time of the published file (a hook's start counts).
 * The capture hook's bundle holds them: this script then bundles the hooks again (bundle-hooks.ts).
 * test/claude-code/vendored-secret-rules.test.ts fails when the vendored file is not what this makes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the plugin's hooks import the rules from. */
export const vendoredSecretRules = path.resolve(here, '../../integrations/claude-code/hooks/vendor/secretlint-rules.mjs');

export async function bundleSecretRules(): Promise<string> {
  const manifest = JSON.parse(await readFile(require.resolve('@secretlint/secretlint-rule-preset-recommend/package.json'), 'utf8')) as { version: string };
  const banner = [
    `// @secretlint/secretlint-rule-preset-recommend ${manifest.version}, bundled and minified by core/scripts/vendor-secret-rules.ts: do not edit.`,
    '// secretlint (c) 2020 azu and lodash (c) jQuery Foundation and other contributors, both MIT: see LICENSE beside this file.',
  ].join('\n');
  const result = await build({
    entryPoints: [require.resolve('@secretlint/secretlint-rule-preset-recommend')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    // The hooks run on the Node Claude Code users have: 18 and up.
    target: 'node18',
    minify: true,
    legalComments: 'none',
    banner: { js: banner },
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output');
  return file.text;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeFile(vendoredSecretRules, await bundleSecretRules());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), vendoredSecretRules)}\n`);
}
