import type { OptionSpecs, ParsedArgs } from '../args.js';
import type { Context } from '../context.js';
import type { Outcome } from '../outcome.js';

/** One `knower` command: its help text, its options, and what it does. */
export interface Verb {
  name: string;
  /** Starts with its usage lines, up to the first blank line: usage errors print those. */
  help: string;
  options: OptionSpecs;
  /** It takes words (a query, a text): unknown flags are then "unknown options". */
  takesWords: boolean;
  run(args: ParsedArgs, ctx: Context): Promise<Outcome>;
}

/** The usage lines of a help text: everything before its first blank line. */
export function usageLines(help: string): string {
  const end = help.indexOf('\n\n');
  return end === -1 ? help : help.slice(0, end + 1);
}
