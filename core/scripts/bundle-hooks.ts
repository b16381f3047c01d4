/**
 * npm run vendor:hooks -w core   (after changing the hooks, or after npm run vendor:secret-rules)
 * The Claude Code plugin's SessionStart and capture hooks, each bundled with what it imports
 * (hooks/lib, and for the capture the vendored secret rules) into one CommonJS file in
 * hooks/vendor/, which hooks.json runs. A hook is meant to cost about one start of Node: loaded
 * as ten ES modules it cost ~1.6x `node -e 0`, a good part of it Node's ESM loader itself, which
 * a CommonJS file does not start (~20 ms on Node 20). Claude Code runs the plugin folder as it
 * is, without a build: the bundles are committed, and
 * test/claude-code/bundled-hooks.test.ts fails when one is not what this makes.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const hooksDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../integrations/claude-code/hooks');

/** Each bundled hook: its source (the entry) and the file hooks.json runs. */
export const bundledHooks = ['session-start', 'capture'].map((name) => ({
  name,
  source: path.join(hooksDir, `${name}.mjs`),
  bundle: path.join(hooksDir, 'vendor', `${name}.cjs`),
}));

export async function bundleHook(source: string): Promise<string> {
  const name = path.basename(source);
  const result = await build({
    entryPoints: [source],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    // The hooks run on the Node Claude Code users have: 18 and up.
    target: 'node18',
    // The bundle sits in hooks/vendor/, as deep as hooks/lib/, whose files find the sender
    // (hooks/send-captures.mjs) from their own location: their import.meta.url becomes the bundle's.
    define: { 'import.meta.url': '__bundle_url' },
    banner: {
      js: [
        `// hooks/${name} and what it imports, bundled by core/scripts/bundle-hooks.ts: do not edit (npm run vendor:hooks -w core).`,
        ...(name === 'capture.mjs' ? ['// It holds secretlint’s recommended rules (MIT): see LICENSE beside this file.'] : []),
        "const __bundle_url = require('node:url').pathToFileURL(__filename).href;",
      ].join('\n'),
    },
    // Any other import.meta would be empty in CommonJS: fail rather than vendor that.
    logOverride: { 'empty-import-meta': 'error' },
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output');
  return file.text;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const hook of bundledHooks) {
    await writeFile(hook.bundle, await bundleHook(hook.source));
    process.stdout.write(`Wrote ${path.relative(process.cwd(), hook.bundle)}\n`);
  }
}
