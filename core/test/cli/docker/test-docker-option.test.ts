// `knower test --docker` where no engine answers: the container checks are not selected, and the
// output says why; nothing is built, nothing fails.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { runKnower, shellEnv } from '../knower-process.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('knower-test-docker-'));
});
afterAll(async () => {
  await cleanup();
});

it('no engine: the container checks are not run, and the reason is given', async () => {
  const dead = path.join(dir, 'dead.sock');
  await writeFile(dead, '');
  const result = await runKnower(['test', '--docker'], shellEnv(dir, { DOCKER_HOST: `unix://${dead}` }), dir);
  expect(result).toEqual({ code: 0, stdout: `Container checks not run: no Docker engine answers at unix://${dead}: connection refused (the engine is not running)\n`, stderr: '' });
});
