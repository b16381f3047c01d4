import { readFile } from 'node:fs/promises';

interface LogLine {
  reqId?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
}

/**
 * What core answered each request whose URL starts with `urlPrefix`, read from its own log (it
 * must run at KNOWER_LOG_LEVEL=info, where Fastify logs every request and its status): what the
 * service did, whatever the browser makes of the answer. In the order the requests came.
 */
export async function answeredStatuses(logFile: string, urlPrefix: string): Promise<number[]> {
  const lines = (await readFile(logFile, 'utf8')).split('\n').flatMap((line): LogLine[] => {
    try {
      return line.startsWith('{') ? [JSON.parse(line) as LogLine] : [];
    } catch {
      return []; // the last line, while core is still writing it
    }
  });
  const asked = lines.filter((l) => l.msg === 'incoming request' && l.req?.url?.startsWith(urlPrefix) && l.reqId !== undefined).map((l) => l.reqId!);
  const statusOf = new Map(lines.filter((l) => l.msg === 'request completed' && l.reqId !== undefined).map((l) => [l.reqId!, l.res?.statusCode ?? 0]));
  return asked.map((id) => statusOf.get(id) ?? 0);
}
