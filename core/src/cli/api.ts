import type { Context } from './context.js';
import { errorCodeOf } from './error-code.js';
import { errorLine } from './format/text.js';
import { createHttpClient, parseJson, type HttpClient, type HttpResult, type RequestOptions } from './http-client.js';
import { failed, notRunning, type Failure } from './outcome.js';
import { findTarget, type Target } from './target.js';

export interface ServiceReply {
  status: number;
  body: Buffer;
  json: unknown;
}

export interface Connection {
  target: Target;
  client: HttpClient;
}

/** The service this command talks to (see findTarget), and a client for it. */
export function connect(ctx: Context): Connection | Failure {
  const target = findTarget(ctx.settings, [ctx.verb, ...ctx.args]);
  if ('kind' in target) return target;
  return { target, client: createHttpClient(target.url, ctx.settings.token) };
}

/**
 * A request whose every failure ends the command: nothing listening is exit 3, anything else
 * (no answer in time, a non-2xx answer) exit 1 with the service's message.
 */
export async function callApi(ctx: Context, client: HttpClient, method: string, path: string, opts: RequestOptions): Promise<ServiceReply | Failure> {
  return answerOf(ctx, client.baseUrl, path, await client.request(method, path, opts));
}

/** callApi's reading of a request's result, for a caller that first looks at some answers itself. */
export function answerOf(ctx: Context, baseUrl: string, path: string, result: HttpResult): ServiceReply | Failure {
  const where = `${baseUrl}${path}`;
  switch (result.kind) {
    case 'down':
      return notRunning(baseUrl);
    case 'timeout':
      return failed(`no answer from ${where} within ${String(result.seconds)}s`);
    case 'error':
      return failed(`request to ${where} failed: ${result.message}`);
    case 'answer':
      break;
  }
  if (result.status < 200 || result.status > 299) {
    const lines = [`${ctx.verb}: ${errorLine(result.status, result.body)}`];
    if (errorCodeOf(result) === 'unauthorized') lines.push('the service requires a token: set KNOWER_TOKEN (in .env or the environment)');
    return failed(...lines);
  }
  return { status: result.status, body: result.body, json: parseJson(result.body) };
}
