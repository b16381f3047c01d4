/**
 * Exit codes, for scripts: 0 ok · 1 failure · 2 usage error · 3 the service is not running ·
 * 4 done in part (undo) · 5 gave up waiting (`--wait --timeout`, Ctrl-C): the work goes on.
 */
export const EXIT = { ok: 0, fail: 1, usage: 2, down: 3, partial: 4, waiting: 5 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * An expected failure, as a value: the edge (run-cli) prints each line as "knower: line" on
 * stderr and exits with the code; a usage failure is followed by the verb's usage lines.
 */
export interface Failure {
  kind: 'failure';
  code: ExitCode;
  lines: string[];
  usage?: boolean;
}

/** What a verb ends with: an exit code, or a failure to report. */
export type Outcome = ExitCode | Failure;

export function failed(...lines: string[]): Failure {
  return { kind: 'failure', code: EXIT.fail, lines };
}

export function usageError(message: string): Failure {
  return { kind: 'failure', code: EXIT.usage, lines: [message], usage: true };
}

export function notRunning(url: string): Failure {
  return { kind: 'failure', code: EXIT.down, lines: [`Knower is not running at ${url}. Start it with ./knower start`] };
}

export function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'failure';
}
