// The config's files, not its index: that loads the service's zod schemas, and every command runs this.
import { loadCliSettings } from '../config/cli-settings.js';
import { ConfigError } from '../config/config-error.js';
import type { Environment } from '../config/environment.js';
import { parseVerbArgs } from './args.js';
import type { Context } from './context.js';
import { EXIT, failed, isFailure, usageError, type ExitCode, type Failure, type Outcome } from './outcome.js';
import type { Output } from './output.js';
import { versionLine } from './version.js';
import { HELP, loadVerb, usageLines, type Verb } from './verbs/index.js';

export interface CliIO {
  out: Output;
  input: Context['input'];
  /** The settings in force (the process environment over .env); may throw ConfigError. */
  environment: () => Environment;
  interruptible: Context['interruptible'];
  repoRoot: string;
}

/** Arguments in, exit code out: finds the verb, parses its options, runs it, reports failures. */
export async function runCli(argv: string[], io: CliIO): Promise<ExitCode> {
  const { out } = io;
  const [name, ...rest] = argv;
  if (name === undefined) {
    out.writeErr(HELP);
    return EXIT.usage;
  }
  if (name === '-h' || name === '--help') {
    out.write(HELP);
    return EXIT.ok;
  }
  if (name === '--version') {
    out.say(versionLine(io.repoRoot));
    return EXIT.ok;
  }
  const verb = await loadVerb(name);
  if (!verb) return report(out, usageError(`unknown command '${name}'`));
  const args = parseVerbArgs(rest, verb.options, verb.takesWords);
  if (isFailure(args)) return report(out, args, verb);
  if (args.values.help === true) {
    out.write(verb.help);
    return EXIT.ok;
  }
  let environment: Environment;
  try {
    environment = io.environment();
  } catch (err) {
    if (err instanceof ConfigError) return report(out, failed(err.message));
    throw err;
  }
  const loaded = loadCliSettings(environment);
  if (!loaded.ok) return report(out, failed(...loaded.message.split('\n')));
  const ctx: Context = {
    verb: verb.name,
    args: rest,
    settings: loaded.settings,
    environment,
    out,
    // Passed on unread (main.ts opens it only when asked).
    get input() {
      return io.input;
    },
    interruptible: io.interruptible,
  };
  return report(out, await verb.run(args, ctx), verb);
}

/** The edge: a failure becomes "knower: …" lines on stderr (usage lines after a usage error) and its exit code. */
function report(out: Output, outcome: Outcome, verb?: Verb): ExitCode {
  if (!isFailure(outcome)) return outcome;
  const failure: Failure = outcome;
  for (const line of failure.lines) out.warn(failure.usage && verb ? `${verb.name}: ${line}` : line);
  if (failure.usage) {
    // Without a command (an unknown one), the usage lines of help's, which are the overview's.
    out.writeErr(usageLines(verb?.help ?? HELP));
    out.writeErr(!verb || verb.name === 'help' ? 'Run ./knower help for the list of commands.\n' : `Run ./knower ${verb.name} --help for details.\n`);
  }
  return failure.code;
}
