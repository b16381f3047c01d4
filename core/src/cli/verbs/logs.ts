import { existsSync } from 'node:fs';
import { flag, stringValue } from '../args.js';
import { createLogFormatter } from '../logs/log-format.js';
import { followFile, tailLines } from '../logs/log-tail.js';
import { EXIT, failed, isFailure, usageError } from '../outcome.js';
import { compose, detectRuntime } from '../service/docker-runtime.js';
import { serviceFiles } from '../service/native-service.js';
import { findTarget } from '../target.js';
import type { Verb } from './verb.js';

export const logs: Verb = {
  name: 'logs',
  help: `Usage: knower logs [-f] [-n LINES] [--json]

Shows the service log: the native log file, or \`docker compose logs core\`. Lines are
made for reading (time, level, message; one line per request), without the /health polls.
  -f, --follow      keep printing new lines
  -n, --lines N     how many lines from the end (default 100)
  --json            the raw log lines (pino JSON), all of them
`,
  options: { follow: { type: 'boolean', short: 'f' }, lines: { type: 'string', short: 'n' }, json: { type: 'boolean' } },
  takesWords: false,
  async run(args, ctx) {
    const lines = stringValue(args, 'lines') ?? '100';
    if (!/^\d+$/.test(lines)) return usageError(`--lines needs a whole number (got '${lines}')`);
    const follow = flag(args, 'follow');
    const runtime = detectRuntime(ctx);
    if (isFailure(runtime)) return runtime;
    if (runtime.kind === 'docker') {
      return (await compose(ctx, runtime, ['--profile', 'core', 'logs', '--tail', lines, ...(follow ? ['--follow'] : []), 'core'])) === 0 ? EXIT.ok : EXIT.fail;
    }
    const target = findTarget(ctx.settings, [ctx.verb, ...ctx.args]);
    if (isFailure(target)) return target;
    const { logFile } = serviceFiles(target.stateDir);
    if (!existsSync(logFile)) return failed(`no log yet at ${logFile} (the service has not been started natively here)`);

    const raw = flag(args, 'json');
    const count = Number(lines);
    const formatter = createLogFormatter();
    const display = (rawLines: string[]) => (raw ? rawLines : rawLines.flatMap((l) => formatter.format(l)));
    const tail = tailLines(logFile, count, (rawLines) => (raw ? rawLines.length : rawLines.reduce((n, l) => n + createLogFormatter().format(l).length, 0)));
    const shown = display(tail.lines);
    ctx.out.write(
      shown
        .slice(Math.max(0, shown.length - count))
        .map((l) => `${l}\n`)
        .join(''),
    );
    if (follow) {
      await ctx.interruptible((signal) =>
        followFile(
          logFile,
          tail.size,
          (added) =>
            ctx.out.write(
              display(added)
                .map((l) => `${l}\n`)
                .join(''),
            ),
          signal,
        ),
      );
    }
    return EXIT.ok;
  },
};
