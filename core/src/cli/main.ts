import { readEnvironment } from '../config/environment.js';
import { repoRoot } from '../config/paths.js';
import { processOutput } from './output.js';
import { runCli } from './run-cli.js';

/**
 * The `knower` command (the top-level `knower` script bootstraps Node and the build, then runs
 * this): the process edge. Arguments, settings, stdout/stderr and Ctrl-C come in here.
 */
async function main(): Promise<void> {
  const out = processOutput();
  const code = await runCli(process.argv.slice(2), {
    out,
    // Read only by the command that takes standard input (`logs --stdin`): opening the stream
    // loads Node's file or terminal stream modules, a good part of a command's start.
    get input() {
      return process.stdin;
    },
    environment: () => readEnvironment(),
    repoRoot,
    async interruptible(task) {
      const controller = new AbortController();
      const onSigint = () => controller.abort();
      process.on('SIGINT', onSigint);
      try {
        return await task(controller.signal);
      } finally {
        process.off('SIGINT', onSigint);
      }
    },
  });
  // Exit once stdout and stderr are flushed: nothing a verb left behind (a timer, a socket) may hold the command open.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

main().catch((err: unknown) => {
  process.stderr.write(`knower: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
