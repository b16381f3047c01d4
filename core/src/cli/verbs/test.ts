import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { testEnvironment } from '../../config/index.js';
import type { Context } from '../context.js';
import { EXIT, failed, isFailure } from '../outcome.js';
import { takeBuildLock } from '../service/build.js';
import { projectEnv, runInherit } from '../service/tools.js';
import { missingPrerequisites } from '../test-run/prerequisites.js';
import { summarize, type PhaseResult } from '../test-run/summary.js';
import { hasRootScript, testedWorkspaces } from '../test-run/workspaces.js';
import type { Verb } from './verb.js';

/** The shell scripts shellcheck checks: the CLI's bootstrap, CI's entry point, the image's scripts. */
const SHELL_SCRIPTS = ['knower', '.ci/run', 'core/docker-start.sh', 'packaging/prune-node-modules.sh'];

/**
 * What every step of `knower test` runs with: the project's Node 22 first on PATH (qmd needs
 * it), as `npm run` would, in an environment of its own (no provider keys or KNOWER_* settings
 * of this shell, no .env of the checkout: config/test-environment.ts).
 */
export function testRunEnvironment(root: string, shell: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return projectEnv(root, testEnvironment(shell));
}

export const test: Verb = {
  name: 'test',
  help: `Usage: knower test

Builds (npm run build), then runs from the repo root: npm run typecheck, npm run lint,
shellcheck on the shell scripts, each workspace's vitest suites, then the end-to-end suite
(npm run e2e) when the root package.json has it. Every step runs in an environment of its
own: the .env file and provider keys or KNOWER_* settings of this shell are left out. Reports go to
artifacts/test-results/. Ends with one line: "N passed, N failed" (a failed build,
typecheck, lint or crashed suite counts as one failure). Exit 0 only if nothing failed.

A service started with ./knower start may keep running: it runs from its own copy of the
build, and other ./knower commands wait for this build rather than start one of their own.

Needs three things npm cannot install, checked before anything runs: shellcheck, a C
compiler (cc: the build compiles the search's ranking extension, and must here), and Chromium
at /usr/bin/chromium (Debian: apt-get install shellcheck gcc chromium) or CHROMIUM_PATH.
`,
  options: {},
  takesWords: false,
  async run(_args, ctx) {
    const root = ctx.settings.repoRoot;
    const missing = missingPrerequisites(ctx.settings.childEnv);
    if (missing.length) return failed('the tests need what npm cannot install; missing:', ...missing.map((m) => `  - ${m}`), 'Nothing was run.');
    // Beside the end-to-end suite's screenshots, not in a state dir a running service uses.
    const results = path.join(root, 'artifacts', 'test-results');
    rmSync(results, { recursive: true, force: true });
    mkdirSync(results, { recursive: true });
    const env = testRunEnvironment(root, ctx.settings.childEnv);
    const phases: PhaseResult[] = [];
    const phase = async (name: string, command: string[], opts: { cwd?: string; report?: string; env?: NodeJS.ProcessEnv } = {}) => {
      ctx.out.write(`\n==> ${name}: ${command.join(' ')}\n`);
      const [program = '', ...args] = command;
      const code = await runInherit(program, args, { cwd: opts.cwd ?? root, env: { ...env, ...opts.env } });
      phases.push({ name, code, ...(opts.report ? { report: opts.report } : {}) });
      return code;
    };

    // The end-to-end and lifecycle tests run the built service: always test what the sources say.
    // The ranking extension must build here: its tests check that search uses it. The build lock
    // makes a ./knower command of another shell wait for this build instead of starting its own.
    const lock = await takeBuildLock(root, ctx.out, 'build');
    if (isFailure(lock)) return lock;
    let built: number;
    try {
      built = await phase('build', ['npm', 'run', 'build'], { env: { KNOWER_NATIVE: 'required' } });
    } finally {
      lock.release();
    }
    if (built === 0) {
      await phase('typecheck', ['npm', 'run', 'typecheck']);
      await phase('lint', ['npm', 'run', 'lint']);
      await phase('shellcheck', ['shellcheck', ...SHELL_SCRIPTS]);
      for (const ws of testedWorkspaces(root)) {
        const report = path.join(results, `${ws.dir.replaceAll('/', '-')}.json`);
        if (ws.runner === 'vitest') {
          const vitest = ['vitest', 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${report}`];
          await phase(`test:${ws.dir}`, vitest, { cwd: path.join(root, ws.dir), report });
        } else {
          await phase(`test:${ws.dir}`, ['npm', 'test', '-w', ws.dir]);
        }
      }
      if (hasRootScript(root, 'e2e')) {
        // Playwright's json reporter writes here when it is configured without an outputFile.
        const report = path.join(results, 'e2e.json');
        await phase('e2e', ['npm', 'run', 'e2e'], { report, env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report } });
      }
    }
    return report(ctx, root, phases);
  },
};

function report(ctx: Context, root: string, phases: PhaseResult[]) {
  const { lines, failed } = summarize(phases, root);
  for (const line of lines) ctx.out.say(line);
  return failed > 0 ? EXIT.fail : EXIT.ok;
}
