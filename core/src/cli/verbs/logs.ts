import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { flag, stringValue } from '../args.js';
import type { Context } from '../context.js';
import { followContainerLog, tailContainerLog, unstamp } from '../logs/container-log.js';
import { createLogFormatter } from '../logs/log-format.js';
import { followFile, tailLines } from '../logs/log-tail.js';
import { EXIT, failed, isFailure, usageError, type Outcome } from '../outcome.js';
import { coreContainer } from '../service/docker-runtime.js';
import { serviceFiles } from '../service/service-files.js';
import { detectRuntime } from '../service/runtime-choice.js';
import { findTarget } from '../target.js';
import type { Verb } from './verb.js';

export const logs: Verb = {
  name: 'logs',
  help: `Usage: knower logs [-f] [-n LINES] [--json] [--stdin]

Shows the service log: the native log file, or the core container's log (Docker). Lines are
made for reading (time, level, message; one line per request), without the /health polls.
  -f, --follow      keep printing new lines
  -n, --lines N     how many lines from the end (default 100)
  --json            the raw log lines (pino JSON), all of them
  --stdin           format the log lines read from standard input instead, as they come
                    (\`docker logs --timestamps\` lines too: what ./knower runs in Docker
                    without a build of its own on this machine)
`,
  options: { follow: { type: 'boolean', short: 'f' }, lines: { type: 'string', short: 'n' }, json: { type: 'boolean' }, stdin: { type: 'boolean' } },
  takesWords: false,
  async run(args, ctx) {
    const lines = stringValue(args, 'lines') ?? '100';
    if (!/^\d+$/.test(lines)) return usageError(`--lines needs a whole number (got '${lines}')`);
    const show = { count: Number(lines), follow: flag(args, 'follow'), raw: flag(args, 'json') };
    if (flag(args, 'stdin')) return formatStream(ctx, ctx.input, show.raw);
    const runtime = await detectRuntime(ctx);
    if (isFailure(runtime)) return runtime;
    if (runtime.kind === 'docker') {
      const id = coreContainer(ctx, runtime);
      if (!id) return failed('no core container here: Knower has not been started with Docker from this checkout (./knower start)');
      const env = ctx.environment.merged;
      return display(ctx, show, {
        tail: (keep) => tailContainerLog(id, env, show.count, keep),
        follow: (onLines, signal) => followContainerLog(id, env, onLines, signal),
      });
    }
    const target = findTarget(ctx.settings, [ctx.verb, ...ctx.args]);
    if (isFailure(target)) return target;
    const { logFile } = serviceFiles(target.stateDir);
    if (!existsSync(logFile)) return failed(`no log yet at ${logFile} (the service has not been started natively here)`);
    let size = 0;
    return display(ctx, show, {
      tail: (keep) => {
        const tail = tailLines(logFile, show.count, keep);
        size = tail.size;
        return tail.lines;
      },
      follow: (onLines, signal) => followFile(logFile, size, onLines, signal),
    });
  },
};

/** Each line read from `input` as it comes, through the formatter (Docker's time stamp taken off first). */
async function formatStream(ctx: Context, input: NodeJS.ReadableStream, raw: boolean): Promise<Outcome> {
  const formatter = createLogFormatter();
  for await (const line of createInterface({ input })) {
    const { text } = unstamp(line);
    const shown = raw ? [text] : formatter.format(text);
    if (shown.length) ctx.out.write(shown.map((l) => `${l}\n`).join(''));
  }
  return EXIT.ok;
}

/** Where a log comes from: its last raw lines (read until `keep` counts enough), then what follows. */
interface LogSource {
  tail(keep: (raw: string[]) => number): string[] | { error: string };
  follow(onLines: (raw: string[]) => void, signal: AbortSignal): Promise<void>;
}

/** One display for both sources: the same formatter (or the raw lines with --json), the last `count` lines, then -f. */
async function display(ctx: Context, show: { count: number; follow: boolean; raw: boolean }, source: LogSource): Promise<Outcome> {
  const formatter = createLogFormatter();
  const shown = (raw: string[]) => (show.raw ? raw : raw.flatMap((l) => formatter.format(l)));
  const counted = (raw: string[]) => (show.raw ? raw.length : raw.reduce((n, l) => n + createLogFormatter().format(l).length, 0));
  const tail = source.tail(counted);
  if (!Array.isArray(tail)) return failed(tail.error);
  const lines = shown(tail);
  ctx.out.write(
    lines
      .slice(Math.max(0, lines.length - show.count))
      .map((l) => `${l}\n`)
      .join(''),
  );
  if (show.follow) {
    await ctx.interruptible((signal) =>
      source.follow(
        (added) =>
          ctx.out.write(
            shown(added)
              .map((l) => `${l}\n`)
              .join(''),
          ),
        signal,
      ),
    );
  }
  return EXIT.ok;
}
