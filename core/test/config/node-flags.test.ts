import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnService } from '../../src/cli/service/native-service.js';
import { SERVICE_ENV, SERVICE_NODE_FLAGS } from '../../src/config/index.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe("the service's node flags and environment", () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => cleanup?.());

  it('are given by `knower start`', async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    // A stand-in for the service's entry point that reports the flags it was started with.
    const seen = path.join(temp.dir, 'exec-argv.json');
    await mkdir(path.join(temp.dir, 'core', 'dist'), { recursive: true });
    await writeFile(
      path.join(temp.dir, 'core', 'dist', 'main.js'),
      `require('fs').writeFileSync(${JSON.stringify(seen)}, JSON.stringify({ flags: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX }));`,
    );
    const main = path.join(temp.dir, 'core', 'dist', 'main.js');
    const spawned = spawnService({ node: process.execPath, main, repoRoot: temp.dir, stateDir: temp.dir, url: 'http://127.0.0.1:1', env: {} });
    expect('pid' in spawned).toBe(true);
    await waitFor(() => existsSync(seen), 10_000, 'the stand-in to run');
    await waitFor(async () => (await readFile(seen, 'utf8')).length > 0, 10_000, 'the stand-in to report');
    expect(JSON.parse(await readFile(seen, 'utf8'))).toEqual({ flags: [...SERVICE_NODE_FLAGS], arenas: SERVICE_ENV.MALLOC_ARENA_MAX });
  });

  it("are given by the image's start script and by npm start; the image sets the environment", async () => {
    const startScript = await readFile(path.join(core, 'docker-start.sh'), 'utf8');
    expect(startScript).toMatch(new RegExp(`^exec node ${SERVICE_NODE_FLAGS.join(' ')} dist/main\\.js$`, 'm'));
    const pkg = JSON.parse(await readFile(path.join(core, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${SERVICE_NODE_FLAGS.join(' ')} dist/main.js`);
    const dockerfile = await readFile(path.join(core, 'Dockerfile'), 'utf8');
    for (const [name, value] of Object.entries(SERVICE_ENV)) expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value}\\s*$`, 'm'));
  });
});
