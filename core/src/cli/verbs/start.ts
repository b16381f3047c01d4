import { findUnknownSettings, unknownSettingLine } from '../../config/index.js';
import { flag } from '../args.js';
import { EXIT, isFailure } from '../outcome.js';
import { startDocker } from '../service/docker-runtime.js';
import { detectRuntime } from '../service/runtime-choice.js';
import { finishStart, startNative } from '../service/start-native.js';
import type { Verb } from './verb.js';

export const start: Verb = {
  name: 'start',
  help: `Usage: knower start [--rebuild] [--wait]

Starts the service and waits until GET /health answers, then prints its URL, after a line
saying which runtime it chose and why (unless KNOWER_RUNTIME chose it). When a Docker engine answers (its API, at DOCKER_HOST
or /var/run/docker.sock, asked for 2 s; KNOWER_RUNTIME not 'native') it runs
\`docker compose --profile core up -d\`, after making the vault folder writable by the
container's user (uid 1000: given to it when run as root, else a refusal with the exact
chown), and stops waiting as soon as the container's log says why it cannot start.
Otherwise it runs natively from this checkout:
installs npm dependencies if missing, builds if core/dist or apps/web/dist is missing,
starts core in the background (pid and log in $KNOWER_STATE_DIR, default .knower).
Starting a running service is not an error. It records what it started (.knower/run), so
./knower finds the service from any shell; it refuses a port that another Knower serving
another vault, or anything that is not Knower, holds. When the settings (.env or the
environment) name another port, host, vault or state dir than the running service has, it
says what differs: stop that one first, or give the new one its own port and state dir to
run both. Names it does not know (a misspelt KNOWER_TOKEN) are warned about, never their values.
The service runs from a copy of the build in its state dir: a rebuild (./knower test) leaves it be.

While the vault is being indexed it shows the progress: on a terminal a live count until
search covers the vault (Ctrl-C stops waiting; the service keeps running), otherwise one line.

  --rebuild   build again first (native: npm run build; docker: compose --build)
  --wait      wait until search covers the vault, also when not on a terminal (scripts)

Settings: KNOWER_RUNTIME (auto|docker|native), KNOWER_START_TIMEOUT_S (default 60 native,
300 docker), PORT, HOST and the service settings in .env.example.
`,
  options: { rebuild: { type: 'boolean' }, wait: { type: 'boolean' } },
  takesWords: false,
  async run(args, ctx) {
    const opts = { rebuild: flag(args, 'rebuild'), wait: flag(args, 'wait') };
    // A misspelt name (KNOWR_TOKEN) would otherwise be a silent default: said before anything starts.
    for (const setting of findUnknownSettings(ctx.environment)) ctx.out.warn(unknownSettingLine(setting));
    const runtime = await detectRuntime(ctx);
    if (isFailure(runtime)) return runtime;
    // A choice made here is said, with its reason; one KNOWER_RUNTIME made needs no telling.
    if (ctx.settings.runtime === 'auto') ctx.out.say(`Runtime: ${runtime.kind} (${runtime.why})`);
    if (runtime.kind === 'native') {
      const started = await startNative(ctx, opts);
      return isFailure(started) ? started : EXIT.ok;
    }
    const running = await startDocker(ctx, runtime, opts);
    if (isFailure(running)) return running;
    const finished = await finishStart(ctx, running, opts.wait);
    return isFailure(finished) ? finished : EXIT.ok;
  },
};
