/**
 * Run by `npm run build` after tsc (Node 22 runs this file as it is, like native/build.ts).
 * Bundles the CLI's start path (dist/cli/main.js, the verb table, and the verbs that only ask
 * the service something) into one CommonJS file, dist/cli/knower.cjs, which the `knower` script
 * runs. A command is meant to start about as fast as Node itself: loaded as ~30 ES modules,
 * `knower search` spent more time resolving, reading and linking them than Node spends
 * starting, and an ES module entry also starts Node's ESM loader, which a CommonJS one does not.
 * Every other verb stays where tsc put it and is imported from dist when it runs, so `start`
 * still loads the service's build and Docker tooling only when it runs.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const cliDir = path.join(dist, 'cli');

/** The verbs inside the bundle: a request to the service and its answer printed, nothing heavy. */
const BUNDLED_VERBS = new Set(['search', 'ask']);

/** The verb table's `import('./x.js')` of any other verb stays an import of dist's file, relative to the bundle. */
const otherVerbsFromDist: Plugin = {
  name: 'other-verbs-from-dist',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      if (args.kind !== 'dynamic-import' || path.dirname(file) !== path.join(cliDir, 'verbs') || BUNDLED_VERBS.has(path.basename(file, '.js'))) return undefined;
      return { path: `./${path.relative(cliDir, file)}`, external: true };
    });
  },
};

const result = await build({
  // Paths in the metafile are then relative to core/, wherever the build runs from.
  absWorkingDir: path.dirname(dist),
  entryPoints: [path.join(cliDir, 'main.js')],
  outfile: path.join(cliDir, 'knower.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  // npm packages are loaded from node_modules when used (dotenv, by the settings), never copied in.
  packages: 'external',
  // The bundle sits in dist/cli/, as deep as the dist/config/ files that find the checkout from
  // their own location: their import.meta.url becomes the bundle's file URL.
  define: { 'import.meta.url': '__bundle_url' },
  banner: { js: "const __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [otherVerbsFromDist],
  logLevel: 'warning',
  // Any other import.meta would be empty in CommonJS: the build fails rather than ship that.
  logOverride: { 'empty-import-meta': 'error' },
  metafile: true,
});
// What went into the bundle, as esbuild reports it: test/cli/lazy-loading.test.ts reads it.
await writeFile(path.join(cliDir, 'knower.cjs.meta.json'), JSON.stringify(result.metafile));
