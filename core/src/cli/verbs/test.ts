import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dockerEnvironment, testEnvironment } from '../../config/index.js';
import { flag } from '../args.js';
import type { Context } from '../context.js';
import { EXIT, failed, isFailure, type Outcome } from '../outcome.js';
import { takeBuildLock } from '../service/build.js';
import { chooseRuntime } from '../service/runtime-choice.js';
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
  help: `Usage: knower test [--docker]

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

  --docker   instead of the suites: build, then the container checks on a real Docker engine
             (core/test/container: the image built and started through ./knower start, an
             update, a search, logs, stop, a vault the container cannot write, a bad setting),
             each in a compose project of its own. Where no engine answers, they are not run,
             and the output says why. They build the image with \`docker build --network host\`.
`,
  options: { docker: { type: 'boolean' } },
  takesWords: false,
  async run(args, ctx) {
    const root = ctx.settings.repoRoot;
    if (flag(args, 'docker')) return containerChecks(ctx);
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
    return summaryOf(ctx, root, phases);
  },
};

/**
 * `--docker`: the build, then the container checks where an engine answers. Without one they are
 * not selected (no test is skipped): the output says why, and nothing fails.
 */
async function containerChecks(ctx: Context): Promise<Outcome> {
  const root = ctx.settings.repoRoot;
  const runtime = await chooseRuntime('docker', ctx.environment.merged);
  if (isFailure(runtime)) {
    ctx.out.say(`Container checks not run: ${runtime.lines.join('; ').replace('KNOWER_RUNTIME=docker, but ', '')}`);
    return EXIT.ok;
  }
  const env = { ...testRunEnvironment(root, ctx.settings.childEnv), ...dockerEnvironment(ctx.environment.merged) };
  const phases: PhaseResult[] = [];
  const results = path.join(ctx.settings.stateDir, 'test-results');
  mkdirSync(results, { recursive: true });
  const report = path.join(results, 'container.json');
  for (const [name, command, cwd] of [
    ['build', ['npm', 'run', 'build'], root],
    ['container', ['vitest', 'run', '--config', 'vitest.docker.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${report}`], path.join(root, 'core')],
  ] as const) {
    ctx.out.write(`\n==> ${name}: ${command.join(' ')}\n`);
    const [program, ...rest] = command;
    const code = await runInherit(program, [...rest], { cwd, env });
    phases.push({ name, code, ...(name === 'container' ? { report } : {}) });
    if (code !== 0) break;
  }
  return summaryOf(ctx, root, phases);
}

function summaryOf(ctx: Context, root: string, phases: PhaseResult[]) {
  const { lines, failed } = summarize(phases, root);
  for (const line of lines) ctx.out.say(line);
  return failed > 0 ? EXIT.fail : EXIT.ok;
}
