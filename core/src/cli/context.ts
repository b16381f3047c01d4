import type { CliSettings, Environment } from '../config/index.js';
import type { Output } from './output.js';

/** What every verb runs with. */
export interface Context {
  verb: string;
  /** The verb's arguments as given: a hint can repeat the whole command. */
  args: string[];
  settings: CliSettings;
  environment: Environment;
  out: Output;
  /** Standard input (`logs --stdin` reads a log from it). */
  input: NodeJS.ReadableStream;
  /**
   * Runs `task` with a signal aborted by Ctrl-C: the task stops waiting and the command goes
   * on, instead of the process dying there.
   */
  interruptible<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T>;
}
