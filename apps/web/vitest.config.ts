import { defineConfig } from 'vitest/config';

// Unit tests cover the pure logic under src/lib (tree building, paths, routes, reducers):
// plain node, no DOM, no bundler plugins.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
