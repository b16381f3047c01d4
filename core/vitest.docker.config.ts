import { defineConfig } from 'vitest/config';
import { isolateTestProcess } from './src/config/test-environment.js';

// The container checks (`./knower test --docker`): a real engine builds and runs the image.
// The environment is the tests' own, as in vitest.config.ts, plus where the engine is.
isolateTestProcess(process.env, { docker: true });

export default defineConfig({
  test: {
    include: ['test/container/**/*.test.ts'],
    // The first build of the image takes minutes; each start takes seconds.
    testTimeout: 300_000,
    hookTimeout: 1_800_000,
    // One engine, one image: one file at a time.
    maxWorkers: 1,
  },
});
