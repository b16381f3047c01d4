/**
 * The service's pino log as lines for people: time, level, message and its fields. Request
 * logs become one line per request, at its end ("GET /vault/search?q=x 200 12 ms"), and the
 * requests to /health (the CLI's and Docker's polls) are dropped. Lines that are not pino JSON
 * (start markers, a crash's stack) pass through as they are.
 */
export interface LogFormatter {
  /** The display lines for one raw log line (often none, or one). */
  format(raw: string): string[];
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const QUIET_PATHS = new Set(['/health']);
/** Fields every pino line carries, or that the line's layout already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

type Entry = Record<string, unknown>;

export function createLogFormatter(opts: { timeZone?: string } = {}): LogFormatter {
  /** Requests seen starting, by reqId: their "METHOD url", or null for a dropped one. */
  const open = new Map<string, string | null>();
  const clock = new Intl.DateTimeFormat('sv-SE', {
    timeZone: opts.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });

  const head = (e: Entry) => {
    const time = typeof e.time === 'number' ? clock.format(new Date(e.time)) : '';
    const level = (typeof e.level === 'number' ? LEVELS[e.level] : undefined) ?? String(e.level ?? '');
    return `${time} ${level.padEnd(5)}`;
  };

  return {
    format(raw) {
      const entry = parseEntry(raw);
      if (!entry) return raw.trim() ? [raw] : [];
      const reqId = typeof entry.reqId === 'string' ? entry.reqId : undefined;
      const req = asEntry(entry.req);
      if (reqId && req && entry.msg === 'incoming request') {
        const url = String(req.url ?? '');
        open.set(reqId, QUIET_PATHS.has(url.split('?')[0] ?? '') ? null : `${String(req.method)} ${url}`);
        return [];
      }
      const res = asEntry(entry.res);
      if (reqId && res && entry.msg === 'request completed') {
        const request = open.get(reqId);
        open.delete(reqId);
        // Unknown: it started before the part of the log being read, and may well be a poll.
        if (request === null || request === undefined) return [];
        const ms = typeof entry.responseTime === 'number' ? ` ${String(Math.round(entry.responseTime))} ms` : '';
        return [`${head(entry)} ${request} ${String(res.statusCode)}${ms}`];
      }
      const lines = [`${head(entry)} ${String(entry.msg ?? '')}${fields(entry)}${reqId ? `  (${reqId})` : ''}`];
      const err = asEntry(entry.err);
      if (err)
        lines.push(
          ...String(err.stack ?? `${String(err.type ?? 'Error')}: ${String(err.message)}`)
            .split('\n')
            .map((l) => `    ${l}`),
        );
      return lines;
    },
  };
}

function parseEntry(raw: string): Entry | undefined {
  if (!raw.startsWith('{')) return undefined;
  try {
    return asEntry(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

function asEntry(value: unknown): Entry | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Entry) : undefined;
}

function fields(e: Entry): string {
  const pairs = Object.entries(e)
    .filter(([k]) => !SHOWN.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v)}`);
  return pairs.length ? `  ${pairs.join(' ')}` : '';
}
