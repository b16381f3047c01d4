import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Messages API (`POST /v1/messages`, the real wire format) that replays a script of
 * assistant turns and records every request, so tests drive the real `@anthropic-ai/sdk`
 * through `baseURL` instead of mocking it.
 */

export type WireBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

export interface RecordedRequest {
  body: WireRequest;
  headers: IncomingMessage['headers'];
}

/** The parts of a request body tests assert on (the rest is kept as sent). */
export interface WireRequest {
  model: string;
  max_tokens: number;
  system?: Array<{ type: string; text: string; cache_control?: { type: string } }>;
  messages: Array<{ role: string; content: string | Array<Record<string, unknown> & { type: string }> }>;
  tools?: Array<{ name: string; description: string; input_schema: Record<string, unknown> }>;
  [key: string]: unknown;
}

export type ScriptStep =
  | { kind: 'message'; content: WireBlock[]; stopReason?: string; usage?: Partial<WireUsage>; delayMs?: number }
  | { kind: 'error'; status: number; type: string; message: string; retryAfterMs?: number; delayMs?: number }
  /** Decide the answer from the request (e.g. echo what a tool returned). */
  | { kind: 'dynamic'; respond: (req: WireRequest) => ScriptStep };

interface WireUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

let nextId = 0;
const newId = (prefix: string) => `${prefix}_fake${String(++nextId).padStart(6, '0')}`;

export const text = (t: string): WireBlock => ({ type: 'text', text: t });
export const toolUse = (name: string, input: unknown, id = newId('toolu')): WireBlock => ({ type: 'tool_use', id, name, input });

/** An assistant turn; stop_reason follows from whether it calls tools. */
export function turn(...content: WireBlock[]): ScriptStep {
  return { kind: 'message', content, stopReason: content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn' };
}

export function apiError(status: number, retryAfterMs = 5): ScriptStep {
  const type = status === 429 ? 'rate_limit_error' : status === 401 ? 'authentication_error' : status === 400 ? 'invalid_request_error' : status === 529 ? 'overloaded_error' : 'api_error';
  return { kind: 'error', status, type, message: `fake ${type}`, retryAfterMs };
}

export const slow = (step: ScriptStep, delayMs: number): ScriptStep => ({ ...step, delayMs }) as ScriptStep;

export interface FakeAnthropicServer {
  baseURL: string;
  requests: RecordedRequest[];
  /** Steps not yet served. */
  remaining(): number;
  /** Adds steps at the end of the script. */
  push(...steps: ScriptStep[]): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return; // the client gave up (timeout): nothing to answer
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
  res.end(JSON.stringify(body));
}

function answer(res: ServerResponse, step: ScriptStep, req: WireRequest): void {
  if (step.kind === 'dynamic') return answer(res, step.respond(req), req);
  if (step.kind === 'error') {
    // retry-after-ms keeps the SDK's backoff in tests to milliseconds instead of seconds.
    const headers: Record<string, string> = step.retryAfterMs !== undefined ? { 'retry-after-ms': String(step.retryAfterMs) } : {};
    return send(res, step.status, { type: 'error', error: { type: step.type, message: step.message } }, headers);
  }
  const message = {
    id: newId('msg'),
    type: 'message',
    role: 'assistant',
    model: req.model,
    content: step.content,
    stop_reason: step.stopReason ?? 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, ...step.usage },
  };
  if (req.stream === true) return stream(res, message);
  send(res, 200, message);
}

/** The same message as the streaming API sends it (server-sent events), for clients that stream (Claude Code does). */
function stream(res: ServerResponse, message: { content: WireBlock[]; stop_reason: string; usage: Record<string, number> } & Record<string, unknown>): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': newId('req') });
  const event = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('message_start', { message: { ...message, content: [], stop_reason: null } });
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    } else {
      event('content_block_start', { index, content_block: { ...block, input: {} } });
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', { delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: message.usage.output_tokens } });
  event('message_stop', {});
  res.end();
}

export async function startFakeAnthropicServer(script: ScriptStep[] = []): Promise<FakeAnthropicServer> {
  const steps = [...script];
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages') {
        return send(res, 404, { type: 'error', error: { type: 'not_found_error', message: `no route ${req.method} ${req.url}` } });
      }
      let body: WireRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WireRequest;
      } catch {
        return send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'body is not JSON' } });
      }
      requests.push({ body, headers: req.headers });
      const next = steps.shift();
      // An exhausted script is a test bug: 400 is not retried, so it fails fast and says why.
      if (!next) return send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'fake server: script exhausted' } });
      const step = next.kind === 'dynamic' ? next.respond(body) : next;
      const delay = step.kind === 'dynamic' ? 0 : (step.delayMs ?? 0);
      if (delay > 0) setTimeout(() => answer(res, step, body), delay);
      else answer(res, step, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    remaining: () => steps.length,
    push: (...more) => void steps.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The tool_result blocks of a recorded request's last user message. */
export function lastToolResults(req: WireRequest): Array<{ tool_use_id: string; content: string; is_error?: boolean }> {
  const last = req.messages.at(-1);
  if (!last || typeof last.content === 'string') return [];
  return last.content.filter((b) => b.type === 'tool_result') as unknown as Array<{ tool_use_id: string; content: string; is_error?: boolean }>;
}
