import { configDefaults, defineConfig } from 'vitest/config';
import { isolateTestProcess } from './src/config/test-environment.js';

// Before anything else: the tests, and every process they start with `...process.env`, see an
// environment of their own (no provider keys, no KNOWER_* settings, no .env of the checkout).
isolateTestProcess(process.env);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The container checks need a real Docker engine: ./knower test --docker (vitest.docker.config.ts).
    exclude: [...configDefaults.exclude, 'test/container/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Suites spawn qmd and watch real directories: two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
