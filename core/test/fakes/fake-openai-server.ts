import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROBE_TOOL } from '../../src/llm/index.js';

/**
 * A local OpenAI-compatible server (`POST /v1/chat/completions`, `GET /v1/models`, the real wire
 * format, plain JSON or SSE `chat.completion.chunk` streams) that replays a script of assistant
 * turns and records every request, so tests drive the real `openai` client through `baseURL`.
 * It can behave like the servers Knower meets: a model without tool support (Ollama's 400), a
 * model without vision (llama.cpp's 500), rate limits, faults, slow or stalled answers.
 * Knower's start-up probe is answered like a real server would, without using the script.
 */

export interface WireToolCall {
  id?: string;
  name: string;
  /** A JSON string as the API sends it; an object imitates servers that break the format. */
  arguments: string | Record<string, unknown>;
}

export interface ChatRequest {
  model: string;
  messages: Array<{
    role: string;
    content?: string | null | Array<Record<string, unknown> & { type: string }>;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  }>;
  tools?: Array<{ type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  body: ChatRequest;
  headers: IncomingMessage['headers'];
}

export type ScriptStep =
  | { kind: 'message'; content?: string; toolCalls?: WireToolCall[]; finishReason?: string; usage?: { prompt_tokens?: number; completion_tokens?: number; cached_tokens?: number }; delayMs?: number }
  | { kind: 'error'; status: number; message: string; type?: string; retryAfterMs?: number; delayMs?: number }
  /** Never answers (plain), or sends the first chunk and then nothing (streamed): a hung server. */
  | { kind: 'stall' }
  /** Decide the answer from the request (e.g. name a file after the update id). */
  | { kind: 'dynamic'; respond: (req: ChatRequest) => ScriptStep };

let nextId = 0;
const newId = (prefix: string) => `${prefix}_fake${String(++nextId).padStart(6, '0')}`;

export const toolCall = (name: string, args: Record<string, unknown>, id = newId('call')): WireToolCall => ({ id, name, arguments: JSON.stringify(args) });
/** A call whose arguments are whatever text the model produced (broken JSON included). */
export const rawToolCall = (name: string, argumentsText: string, id = newId('call')): WireToolCall => ({ id, name, arguments: argumentsText });
export const say = (content: string): ScriptStep => ({ kind: 'message', content, finishReason: 'stop' });
export const calls = (...toolCalls: WireToolCall[]): ScriptStep => ({ kind: 'message', toolCalls, finishReason: 'tool_calls' });
export const apiError = (status: number, message = `fake error ${status}`, retryAfterMs = 5): ScriptStep => ({ kind: 'error', status, message, retryAfterMs });
export const slow = (step: ScriptStep, delayMs: number): ScriptStep => ({ ...step, delayMs }) as ScriptStep;
export const stall = (): ScriptStep => ({ kind: 'stall' });

/** Ollama's answer for a model whose template has no tools. */
const noToolsMessage = (model: string) => `registry.ollama.ai/library/${model}:latest does not support tools`;
/** llama.cpp's answer when the model has no vision projector. */
const NO_IMAGES_MESSAGE = 'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj';

export interface FakeOpenAIOptions {
  script?: ScriptStep[];
  /** false: every request with tools gets Ollama's 400 "… does not support tools". */
  tools?: boolean;
  /** false: every request with an image gets llama.cpp's 500. */
  images?: boolean;
  /** The models served (GET /models; others get a 404). Unset: any name is served. */
  models?: string[];
  /** Required as a bearer token when set. */
  apiKey?: string;
}

export interface FakeOpenAIServer {
  /** http://127.0.0.1:<port>/v1, what OPENAI_BASE_URL would be. */
  baseURL: string;
  /** Chat requests the script answered (or refused); the start-up probes are apart. */
  requests: RecordedRequest[];
  probes: RecordedRequest[];
  remaining(): number;
  push(...steps: ScriptStep[]): void;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return; // the client gave up (timeout): nothing to answer
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': newId('req'), ...headers });
  res.end(JSON.stringify(body));
}

const errorBody = (message: string, type = 'invalid_request_error') => ({ error: { message, type, param: null, code: null } });

function usageOf(step: Extract<ScriptStep, { kind: 'message' }>) {
  const prompt = step.usage?.prompt_tokens ?? 100;
  const completion = step.usage?.completion_tokens ?? 20;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: { cached_tokens: step.usage?.cached_tokens ?? 0 } };
}

function completion(step: Extract<ScriptStep, { kind: 'message' }>, model: string) {
  const toolCalls = step.toolCalls?.map((c) => ({ id: c.id ?? newId('call'), type: 'function', function: { name: c.name, arguments: c.arguments } }));
  return {
    id: newId('chatcmpl'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: step.content ?? null, ...(toolCalls?.length ? { tool_calls: toolCalls } : {}) },
        finish_reason: step.finishReason ?? (toolCalls?.length ? 'tool_calls' : 'stop'),
      },
    ],
    usage: usageOf(step),
  };
}

/** The chunks a streaming server sends for one turn: text in pieces, each call's name then its arguments in two halves. */
function chunks(step: Extract<ScriptStep, { kind: 'message' }>, req: ChatRequest): unknown[] {
  const base = { id: newId('chatcmpl'), object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: req.model };
  const delta = (d: Record<string, unknown>, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta: d, finish_reason: finish }] });
  const out: unknown[] = [delta({ role: 'assistant', content: '' })];
  const text = step.content ?? '';
  for (let i = 0; i < text.length; i += Math.max(1, Math.ceil(text.length / 3))) out.push(delta({ content: text.slice(i, i + Math.ceil(text.length / 3)) }));
  for (const [index, c] of (step.toolCalls ?? []).entries()) {
    out.push(delta({ tool_calls: [{ index, id: c.id ?? newId('call'), type: 'function', function: { name: c.name, arguments: '' } }] }));
    if (typeof c.arguments === 'string') {
      const half = Math.ceil(c.arguments.length / 2);
      for (const piece of [c.arguments.slice(0, half), c.arguments.slice(half)]) if (piece) out.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
    } else out.push(delta({ tool_calls: [{ index, function: { arguments: c.arguments } }] }));
  }
  out.push(delta({}, step.finishReason ?? (step.toolCalls?.length ? 'tool_calls' : 'stop')));
  if (req.stream_options?.include_usage) out.push({ ...base, choices: [], usage: usageOf(step) });
  return out;
}

function answer(res: ServerResponse, step: ScriptStep, req: ChatRequest): void {
  if (step.kind === 'dynamic') return answer(res, step.respond(req), req);
  if (step.kind === 'error') {
    // retry-after-ms keeps the backoff in tests to milliseconds instead of seconds.
    const headers: Record<string, string> = step.retryAfterMs !== undefined ? { 'retry-after-ms': String(step.retryAfterMs) } : {};
    return sendJson(res, step.status, errorBody(step.message, step.type ?? (step.status >= 500 ? 'server_error' : 'invalid_request_error')), headers);
  }
  if (step.kind === 'stall') {
    if (!req.stream) return; // no answer at all; the client's timeout ends it
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(
      `data: ${JSON.stringify({ id: newId('chatcmpl'), object: 'chat.completion.chunk', created: 0, model: req.model, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n`,
    );
    return; // and then nothing: the client's idle timer must end it
  }
  if (!req.stream) return sendJson(res, 200, completion(step, req.model));
  if (res.destroyed) return;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const chunk of chunks(step, req)) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.end('data: [DONE]\n\n');
}

const hasImage = (req: ChatRequest) => req.messages.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));
const isProbe = (req: ChatRequest) => req.tools?.length === 1 && req.tools[0]?.function.name === PROBE_TOOL;

export async function startFakeOpenAIServer(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAIServer> {
  const steps = [...(opts.script ?? [])];
  const requests: RecordedRequest[] = [];
  const probes: RecordedRequest[] = [];
  /** What any real server checks before it runs the model. */
  const refusal = (req: ChatRequest): ScriptStep | undefined => {
    if (opts.models && !opts.models.includes(req.model)) return { kind: 'error', status: 404, message: `model "${req.model}" not found, try pulling it first`, type: 'api_error' };
    if (opts.tools === false && req.tools?.length) return { kind: 'error', status: 400, message: noToolsMessage(req.model) };
    if (opts.images === false && hasImage(req)) return { kind: 'error', status: 500, message: NO_IMAGES_MESSAGE, type: 'server_error' };
    return undefined;
  };
  const server = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      const route = `${req.method} ${req.url?.split('?')[0]}`;
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return sendJson(res, 401, errorBody('Incorrect API key provided', 'invalid_api_key'));
      if (route === 'GET /v1/models') {
        return sendJson(res, 200, { object: 'list', data: (opts.models ?? ['fake-model']).map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
      }
      if (route !== 'POST /v1/chat/completions') return sendJson(res, 404, errorBody(`no route ${route}`, 'not_found'));
      let chat: ChatRequest;
      try {
        chat = JSON.parse(Buffer.concat(body).toString('utf8')) as ChatRequest;
      } catch {
        return sendJson(res, 400, errorBody('body is not JSON'));
      }
      if (isProbe(chat)) {
        probes.push({ body: chat, headers: req.headers });
        return answer(res, refusal(chat) ?? say('OK'), chat);
      }
      requests.push({ body: chat, headers: req.headers });
      const refused = refusal(chat);
      if (refused) return answer(res, refused, chat);
      const next = steps.shift();
      // An exhausted script is a test bug: 400 is not retried, so it fails fast and says why.
      if (!next) return sendJson(res, 400, errorBody('fake server: script exhausted'));
      const step = next.kind === 'dynamic' ? next.respond(chat) : next;
      const delay = 'delayMs' in step ? (step.delayMs ?? 0) : 0;
      if (delay > 0) setTimeout(() => answer(res, step, chat), delay);
      else answer(res, step, chat);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    probes,
    remaining: () => steps.length,
    push: (...more) => void steps.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The tool messages that answer the request's last assistant turn. */
export function lastToolMessages(req: ChatRequest): Array<{ tool_call_id: string; content: string }> {
  const out: Array<{ tool_call_id: string; content: string }> = [];
  for (const m of [...req.messages].reverse()) {
    if (m.role !== 'tool') break;
    out.unshift({ tool_call_id: m.tool_call_id ?? '', content: typeof m.content === 'string' ? m.content : '' });
  }
  return out;
}

/** The first user message's text: the update agent's task or the question. */
export function taskText(req: ChatRequest): string {
  const first = req.messages.find((m) => m.role === 'user');
  if (!first?.content) return '';
  if (typeof first.content === 'string') return first.content;
  return first.content.map((p) => (typeof p.text === 'string' ? p.text : '')).join('\n');
}

export function updateIdOf(req: ChatRequest): string {
  const id = /^Update id: (\S+)$/m.exec(taskText(req))?.[1];
  if (!id) throw new Error(`not an update agent request: ${taskText(req).slice(0, 200)}`);
  return id;
}

/** A step whose answer depends on the update being run (its id names files and inbox items). */
export const forUpdate = (respond: (id: string, req: ChatRequest) => ScriptStep): ScriptStep => ({ kind: 'dynamic', respond: (req) => respond(updateIdOf(req), req) });
