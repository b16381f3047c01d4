import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Suites spawn qmd and watch real directories: two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
