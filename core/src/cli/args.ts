import { usageError, type Failure } from './outcome.js';

// By getBuiltinModule, not import: an ESM import of node:util reads all its lazy exports (which load
// the stream modules), ~15 ms of every `knower` command's start (cli/http-client.ts says more).
const { parseArgs } = process.getBuiltinModule('node:util');

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
}

export type OptionSpecs = Record<string, OptionSpec>;

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  /** Words, in order; a lone "-" before any "--" is in `dash` instead. */
  positionals: string[];
  /** A lone "-" was given (read standard input). */
  dash: boolean;
}

/**
 * node:util parseArgs, with its errors turned into the CLI's usage messages. Verbs that take
 * words call an unknown flag an "unknown option"; the others call anything extra an
 * "unexpected argument".
 */
export function parseVerbArgs(argv: string[], options: OptionSpecs, takesWords: boolean): ParsedArgs | Failure {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' }, ...options }, allowPositionals: true, strict: true, tokens: true });
  } catch (err) {
    return usageError(describeParseError(err, takesWords));
  }
  const positionals: string[] = [];
  let dash = false;
  let afterTerminator = false;
  for (const token of parsed.tokens) {
    if (token.kind === 'option-terminator') afterTerminator = true;
    if (token.kind !== 'positional') continue;
    if (token.value === '-' && !afterTerminator && takesWords) dash = true;
    else positionals.push(token.value);
  }
  if (!takesWords && positionals.length && !parsed.values.help) return usageError(`unexpected argument '${positionals[0] ?? ''}'`);
  return { values: parsed.values, positionals, dash };
}

function describeParseError(err: unknown, takesWords: boolean): string {
  const code = (err as { code?: string }).code;
  const message = err instanceof Error ? err.message : String(err);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  const long = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return takesWords ? `unknown option '${quoted}'` : `unexpected argument '${quoted}'`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return /does not take an argument/.test(message) ? `${long} does not take a value` : `${long} needs a value`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument '${quoted}'`;
  return message;
}

/** The value of a string option given once (the last one wins, as shells' option loops do). */
export function stringValue(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  if (Array.isArray(v)) return v.at(-1);
  return typeof v === 'string' ? v : undefined;
}

export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

export function listValue(args: ParsedArgs, name: string): string[] {
  const v = args.values[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}
