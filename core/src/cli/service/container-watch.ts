import { spawnSync } from 'node:child_process';

/** The core container as `docker inspect` reports it. */
export interface ContainerState {
  status: string;
  exitCode: number;
  restarting: boolean;
  /** When its latest run started (RFC 3339): its log from then on is this run's. */
  startedAt: string;
}

/**
 * What the container's log and state say while `start` waits for /health:
 * - `refused`: the preflight check printed why the service cannot start (the container start
 *   script's lines: "Invalid configuration:", each setting at fault, and what it does next);
 *   `exits` when it is a setting (the container exits, a new one is needed) rather than a folder
 *   (the container waits for the fix);
 * - `exited`: it stopped for another reason (its last lines say why);
 * - `starting`: nothing wrong yet.
 */
export type ContainerVerdict = { kind: 'starting' } | { kind: 'refused'; lines: string[]; exits: boolean } | { kind: 'exited'; code: number; lines: string[] };

const REFUSAL_HEAD = 'Invalid configuration:';
const WAITS = 'Knower waits for this to be fixed';

export function readContainer(state: ContainerState | undefined, logLines: string[]): ContainerVerdict {
  const head = logLines.lastIndexOf(REFUSAL_HEAD);
  if (head >= 0) {
    let end = head + 1;
    while (end < logLines.length && logLines[end]?.startsWith('  ')) end++;
    const next = logLines[end];
    const lines = logLines.slice(head, next?.startsWith('Knower ') ? end + 1 : end);
    return { kind: 'refused', lines, exits: !next?.startsWith(WAITS) };
  }
  if (state && (state.restarting || state.status === 'exited' || state.status === 'dead')) {
    return { kind: 'exited', code: state.exitCode, lines: logLines.slice(-20) };
  }
  return { kind: 'starting' };
}

/** The container's state, or undefined when docker cannot say (gone, or no docker command). */
export function inspectContainer(id: string, env: NodeJS.ProcessEnv): ContainerState | undefined {
  const out = spawnSync('docker', ['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}} {{.State.Restarting}} {{.State.StartedAt}}', id], { env, encoding: 'utf8', timeout: 10_000 });
  const [status, code, restarting, startedAt = ''] = out.status === 0 ? out.stdout.trim().split(' ') : [];
  if (!status) return undefined;
  return { status, exitCode: Number(code), restarting: restarting === 'true', startedAt };
}

/** The container's log lines since `since` (RFC 3339): its stderr (the start script's words) after its stdout. */
export function containerLogSince(id: string, since: string, env: NodeJS.ProcessEnv): string[] {
  const out = spawnSync('docker', ['logs', '--since', since, id], { env, encoding: 'utf8', timeout: 10_000, maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) return [];
  return `${out.stdout}${out.stderr}`.split('\n').filter((l) => l !== '');
}
