import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// `knower visualize` runs this dev server in front of core; in production core serves the
// build itself (index.html at `/`, assets under `/static/`).
// The HTTP contract is core's zod schemas (zod only, no Node): the client parses with the same ones.
const apiContract = fileURLToPath(new URL('../../core/src/api/index.ts', import.meta.url));

const coreUrl = process.env.KNOWER_CORE_URL || 'http://127.0.0.1:8000';

// The Host header is kept as the browser sent it (no changeOrigin): core refuses
// state-changing requests whose Origin does not match, and the dev origin must still pass.
const coreRoutes = ['/update', '/search', '/sse', '/vault', '/inbox', '/updates', '/embed', '/health', '/mcp', '/login', '/share', '/activity', '/questions', '/history', '/transcribe'];

const proxy: ProxyOptions = {
  target: coreUrl,
  // The proxy keeps the browser's side of a stream open when core's side dies (core restarted):
  // the event stream would then hang silently instead of erroring and reconnecting.
  configure: (server) => {
    server.on('proxyRes', (upstream, _request, response) => {
      upstream.on('close', () => {
        if (!response.writableEnded) response.destroy();
      });
    });
  },
};

/**
 * Emits /sw.js: the hand-written service worker with this build's file list and a version
 * derived from it, so a new release replaces the cached shell and nothing else is cached.
 * The shell is what the first load needs (the entry, what it imports, their CSS): the chunks
 * loaded on demand (math, diagrams, inline HTML) would add megabytes to every install.
 */
function serviceWorker(): Plugin {
  return {
    name: 'knower-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = new Set<string>();
      const visit = (file: string) => {
        const item = bundle[file];
        if (!item || shell.has(file)) return;
        shell.add(file);
        if (item.type !== 'chunk') return;
        for (const css of item.viteMetadata?.importedCss ?? []) shell.add(css);
        for (const imported of item.imports) visit(imported);
      };
      for (const [file, item] of Object.entries(bundle)) if (item.type === 'chunk' && item.isEntry) visit(file);
      const built = Object.keys(bundle)
        .filter((file) => !file.endsWith('.map') && shell.has(file))
        .map((file) => `/${file}`);
      const files = ['/', ...built.filter((f) => f !== '/index.html'), '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon.svg'];
      const version = createHash('sha1').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
      const header = `self.__KNOWER_PRECACHE__ = ${JSON.stringify(files)};\nself.__KNOWER_VERSION__ = '${version}';\n`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: header + source });
    },
  };
}

export default defineConfig({
  base: '/',
  // The compose web profile keeps Vite's cache in its node_modules volume, out of the checkout.
  ...(process.env.KNOWER_VITE_CACHE_DIR ? { cacheDir: process.env.KNOWER_VITE_CACHE_DIR } : {}),
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: { alias: { '@knower/api': apiContract } },
  build: {
    assetsDir: 'static',
    outDir: 'dist',
    emptyOutDir: true,
    // Mermaid's largest layout engine (elk, 1.5 MB) loads only for a diagram that asks for it.
    chunkSizeWarningLimit: 1600,
    // Libraries change far less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Captures its whole unified/micromark dependency tree (includeDependenciesRecursively).
            { name: 'markdown', test: /node_modules[\\/](react-markdown|remark-gfm|remark-math|@r4ai[\\/]remark-callout)[\\/]/ },
            // KaTeX, Mermaid, inline HTML and the CJK rules are loaded only by notes that use them:
            // grouped by the entries (the app, each lazy import) that need them, they stay out of
            // the first load.
            { name: 'vendor', test: /node_modules[\\/]/, entriesAware: true },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(coreRoutes.map((route) => [route, proxy])),
  },
});
