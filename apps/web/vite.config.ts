import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// `knower visualize` runs this dev server in front of core; in production core serves the
// build itself (index.html at `/`, assets under `/static/`).
const coreUrl = process.env.KNOWER_CORE_URL || 'http://127.0.0.1:8000';

// The Host header is kept as the browser sent it (no changeOrigin): core refuses
// state-changing requests whose Origin does not match, and the dev origin must still pass.
const coreRoutes = ['/update', '/search', '/sse', '/vault', '/inbox', '/updates', '/embed', '/health', '/mcp', '/login'];

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

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss()],
  build: {
    assetsDir: 'static',
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change far less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Captures its whole unified/micromark dependency tree (includeDependenciesRecursively).
            { name: 'markdown', test: /node_modules[\\/](react-markdown|remark-gfm)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
