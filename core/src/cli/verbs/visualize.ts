import type { Context } from '../context.js';
import { EXIT, isFailure, type Outcome } from '../outcome.js';
import { compose, startDocker } from '../service/docker-runtime.js';
import { detectRuntime } from '../service/runtime-choice.js';
import { finishStart, startNative } from '../service/start-native.js';
import { projectEnv, runInherit } from '../service/tools.js';
import type { Verb } from './verb.js';

export const visualize: Verb = {
  name: 'visualize',
  help: `Usage: knower visualize

Runs the web app's Vite dev server (http://localhost:5173) with its API proxy pointed at the
service, starting the service first when it is not running. Docker runtime:
\`docker compose --profile web up web\`. Ctrl-C stops the dev server; the service keeps running.
`,
  options: {},
  takesWords: false,
  async run(_args, ctx) {
    const runtime = await detectRuntime(ctx);
    if (isFailure(runtime)) return runtime;
    const opts = { rebuild: false, wait: false };
    if (runtime.kind === 'docker') {
      const running = await startDocker(ctx, runtime, opts);
      if (isFailure(running)) return running;
      const finished = await finishStart(ctx, running, false);
      if (isFailure(finished)) return finished;
      // --no-deps: core is up already; Ctrl-C then stops only the dev server.
      return untilInterrupted(ctx, () => compose(ctx, runtime, ['--profile', 'web', 'up', '--no-deps', 'web']));
    }
    const started = await startNative(ctx, opts);
    if (isFailure(started)) return started;
    ctx.out.say('Starting the web dev server (Ctrl-C stops it; ./knower stop stops the service)…');
    const root = ctx.settings.repoRoot;
    const env = projectEnv(root, ctx.settings.childEnv, { KNOWER_CORE_URL: started.url });
    return untilInterrupted(ctx, () => runInherit('npm', ['run', 'dev', '-w', '@knower/web'], { cwd: root, env }));
  },
};

/** Ctrl-C reaches the dev server too (one process group): wait for it to end, then end quietly. */
async function untilInterrupted(ctx: Context, run: () => Promise<number>): Promise<Outcome> {
  let interrupted = false;
  const code = await ctx.interruptible(async (signal) => {
    signal.addEventListener('abort', () => (interrupted = true));
    return run();
  });
  return code === 0 || interrupted ? EXIT.ok : EXIT.fail;
}
