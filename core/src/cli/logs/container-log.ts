import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * The core container's log, as `docker logs --timestamps` gives it: stdout (the service's pino
 * lines) and stderr (the start script's and the preflight check's words) come apart, each line
 * after the time Docker received it. Merged back into one stream by those times, without them.
 */
export function mergeContainerStreams(stdout: string, stderr: string): string[] {
  const stamped = [...stampedLines(stdout), ...stampedLines(stderr)];
  // A stable sort: lines of one stream that share a time keep their order.
  return stamped.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map((l) => l.text);
}

function stampedLines(text: string): { at: string; text: string }[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map(unstamp);
}

/** "2026-11-27T21:00:00.123456789Z text" → its time (sortable as text) and the line. */
export function unstamp(line: string): { at: string; text: string } {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d) (.*)$/s.exec(line);
  if (!match) return { at: '', text: line };
  const [, seconds = '', fraction = '', , text = ''] = match;
  return { at: `${seconds}.${fraction.padEnd(9, '0')}`, text };
}

/**
 * The container's last lines for which `keep` says how many display lines they make, asking
 * Docker for more until there are `count` to show (the /health polls are many and dropped).
 */
export function tailContainerLog(id: string, env: NodeJS.ProcessEnv, count: number, keep: (raw: string[]) => number): string[] | { error: string } {
  for (let tail = Math.max(200, count * 4); ; tail *= 4) {
    const out = spawnSync('docker', ['logs', '--timestamps', '--tail', String(tail), id], { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 60_000 });
    if (out.status !== 0) return { error: out.stderr.trim() || `docker logs ${id} failed` };
    const lines = mergeContainerStreams(out.stdout, out.stderr);
    if (lines.length < tail || keep(lines) >= count || tail > 1_000_000) return lines;
  }
}

/** Calls `onLines` with each line the container logs from now on, until `signal` aborts. */
export function followContainerLog(id: string, env: NodeJS.ProcessEnv, onLines: (lines: string[]) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('docker', ['logs', '--follow', '--tail', '0', id], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (l) => onLines([l]));
    const stop = () => child.kill('SIGTERM');
    signal.addEventListener('abort', stop, { once: true });
    child.on('close', () => {
      signal.removeEventListener('abort', stop);
      resolve();
    });
    child.on('error', () => resolve());
  });
}
