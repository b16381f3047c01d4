import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { isolateTestProcess } from '../../core/src/config/test-environment.js';

// The tests see an environment of their own: no provider keys, no KNOWER_* settings, no .env.
isolateTestProcess(process.env);

// Unit tests cover the pure logic under src/lib (tree building, paths, routes, reducers), and
// components as react-dom/server renders them to HTML: plain node, no DOM, no bundler plugins.
export default defineConfig({
  resolve: { alias: { '@knower/api': fileURLToPath(new URL('../../core/src/api/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
