import { afterEach, describe, expect, it } from 'vitest';
import { createCallBudget, createOpenAIProvider, ModelError, type ModelRequest, type OpenAIOptions } from '../../src/llm/index.js';
import { apiError, calls, rawToolCall, say, slow, stall, startFakeOpenAIServer, toolCall, type FakeOpenAIOptions, type FakeOpenAIServer, type ScriptStep } from '../fakes/fake-openai-server.js';

const request: ModelRequest = {
  system: 'You are a test.',
  context: 'Vault context.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  tools: [{ name: 'read', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }],
};

let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(script: ScriptStep[], opts: Partial<OpenAIOptions> & { fake?: FakeOpenAIOptions } = {}) {
  server = await startFakeOpenAIServer({ script, ...opts.fake });
  const provider = createOpenAIProvider({ baseURL: server.baseURL, maxRetries: 2, retryBaseDelayMs: 10, timeoutMs: 5_000, ...opts });
  return { provider, model: provider.model('llama-test') };
}

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

describe.each([
  ['plain', false],
  ['streamed', true],
])('openai provider through the real client (%s answers)', (_label, stream) => {
  it('maps text, tool calls, finish reason and usage (cached tokens apart)', async () => {
    const { model } = await clientFor(
      [
        {
          kind: 'message',
          content: 'let me look',
          toolCalls: [toolCall('read', { path: 'a.md' }, 'call_1'), toolCall('read', { path: 'b.md' }, 'call_2')],
          finishReason: 'tool_calls',
          usage: { prompt_tokens: 50, completion_tokens: 7, cached_tokens: 30 },
        },
      ],
      { stream },
    );
    const response = await model.complete(request);
    expect(response.content).toEqual([
      { type: 'text', text: 'let me look' },
      { type: 'tool_use', id: 'call_1', name: 'read', input: { path: 'a.md' } },
      { type: 'tool_use', id: 'call_2', name: 'read', input: { path: 'b.md' } },
    ]);
    expect(response.stopReason).toBe('tool_use');
    expect(response.usage).toEqual({ inputTokens: 20, outputTokens: 7, cacheReadTokens: 30, cacheWriteTokens: 0 });
    expect(server!.requests[0]!.body.stream ?? false).toBe(stream);
  });

  it('sends one system message, tools as functions, tool results as tool messages and images as data URLs', async () => {
    const { model } = await clientFor([say('ok')], { stream });
    await model.complete({
      ...request,
      maxTokens: 123,
      messages: [
        ...request.messages,
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'reading' },
            { type: 'tool_use', id: 'call_9', name: 'read', input: { path: 'a.md' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolUseId: 'call_9', content: 'no such file', isError: true },
            { type: 'text', text: 'and this' },
            { type: 'image', mediaType: 'image/png', data: 'AAAA' },
          ],
        },
      ],
    });
    const body = server!.requests[0]!.body;
    expect(body.model).toBe('llama-test');
    expect(body.max_tokens).toBe(123);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(body.messages[0]!.content).toBe('You are a test.\n\nVault context.');
    expect(body.messages[1]!.content).toBe('hello');
    expect(body.messages[2]!.tool_calls).toEqual([{ id: 'call_9', type: 'function', function: { name: 'read', arguments: '{"path":"a.md"}' } }]);
    expect(body.messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_9', content: 'Error: no such file' });
    expect(body.messages[4]!.content).toEqual([
      { type: 'text', text: 'and this' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
    ]);
    expect(body.tools).toEqual([{ type: 'function', function: { name: 'read', description: 'Read a file.', parameters: request.tools[0]!.inputSchema } }]);
  });

  it('hands broken argument JSON to the loop as inputError, reads empty and doubly encoded arguments, and names calls without ids', async () => {
    const { model } = await clientFor(
      [calls(rawToolCall('read', '{"path": "a.md"'), rawToolCall('tree', ''), rawToolCall('read', JSON.stringify(JSON.stringify({ path: 'b.md' }))), { name: 'read', arguments: '{"path":"c.md"}' })],
      { stream },
    );
    const [broken, empty, twice, noId] = (await model.complete(request)).content as Array<{ id: string; input: unknown; inputError?: string }>;
    expect(broken!.inputError).toMatch(/not valid JSON/);
    expect(broken!.inputError).toContain('{"path": "a.md"');
    expect(empty!.input).toEqual({});
    expect(twice!.input).toEqual({ path: 'b.md' });
    expect(noId!.id).toMatch(/^call_/);
  });

  it('recovers a tool call the model wrote as text, and strips <think> blocks', async () => {
    const { model } = await clientFor(
      [
        say('<think>which file?</think><tool_call>{"name": "read", "arguments": {"path": "a.md"}}</tool_call>'),
        say('```json\n{"name": "read", "parameters": {"path": "b.md"}}\n```'),
        say('{"name": "not_a_tool", "x": 1}'),
      ],
      { stream },
    );
    expect((await model.complete(request)).content).toEqual([{ type: 'tool_use', id: expect.any(String), name: 'read', input: { path: 'a.md' } }]);
    expect((await model.complete(request)).content).toEqual([{ type: 'tool_use', id: expect.any(String), name: 'read', input: { path: 'b.md' } }]);
    // JSON that names no tool of the run stays an answer.
    expect((await model.complete(request)).content).toEqual([{ type: 'text', text: '{"name": "not_a_tool", "x": 1}' }]);
  });

  it('retries 429 and 500 (honouring retry-after-ms), counting each request against the budget', async () => {
    const { provider } = await clientFor([apiError(429), apiError(500), say('after the faults')], { stream });
    const budget = createCallBudget(10);
    const response = await provider.model('llama-test', { budget }).complete(request);
    expect(response.content).toEqual([{ type: 'text', text: 'after the faults' }]);
    expect(server!.requests).toHaveLength(3);
    expect(budget.used).toBe(3);
  });

  it('gives up after its retries with a retryable ModelError, and never past the budget', async () => {
    const { provider } = await clientFor([apiError(500), apiError(500), apiError(500), apiError(500)], { stream });
    const err = await modelError(provider.model('llama-test').complete(request));
    expect(err).toMatchObject({ retryable: true, status: 500 });
    expect(server!.requests).toHaveLength(3);

    const budget = createCallBudget(1);
    const spent = await modelError(provider.model('llama-test', { budget }).complete(request));
    expect(spent).toMatchObject({ retryable: false, kind: 'call-budget' });
    expect(server!.requests).toHaveLength(4);
  });

  it('refuses a model without tool support at once, not retried, saying what to do', async () => {
    const { model } = await clientFor([], { stream, fake: { tools: false } });
    const err = await modelError(model.complete(request));
    expect(err).toMatchObject({ retryable: false, status: 400, kind: 'tools-unsupported' });
    expect(err.message).toContain('does not support tools');
    expect(err.message).toContain('KNOWER_MODEL');
    expect(server!.requests).toHaveLength(1);
  });

  it('sends images as a note to a model that refuses them, and keeps doing so', async () => {
    const { model } = await clientFor([say('filed'), say('again')], { stream, fake: { images: false } });
    const withImage: ModelRequest = {
      ...request,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'bucket/x.png' },
            { type: 'image', mediaType: 'image/png', data: 'AAAA' },
          ],
        },
      ],
    };
    expect((await model.complete(withImage)).content).toEqual([{ type: 'text', text: 'filed' }]);
    expect((await model.complete(withImage)).content).toEqual([{ type: 'text', text: 'again' }]);
    const sent = server!.requests.map((r) => r.body.messages[1]!.content);
    expect(sent).toHaveLength(3);
    expect(JSON.stringify(sent[0])).toContain('image_url');
    expect(sent[1]).toMatch(/^bucket\/x\.png\n\n\[Image not shown: this model does not take images/);
    expect(sent[2]).toEqual(sent[1]);
  });

  it('switches to max_completion_tokens for a model that asks for it', async () => {
    const { model } = await clientFor([apiError(400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."), say('ok')], { stream });
    expect((await model.complete(request)).content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(server!.requests[1]!.body).toMatchObject({ max_completion_tokens: 4096 });
    expect(server!.requests[1]!.body).not.toHaveProperty('max_tokens');
  });

  it('maps 400, 401 and 404 to non-retryable errors', async () => {
    for (const status of [400, 401, 404]) {
      const { model } = await clientFor([apiError(status), say('never')], { stream });
      expect(await modelError(model.complete(request))).toMatchObject({ retryable: false, status });
      expect(server!.requests).toHaveLength(1);
      await server!.close();
    }
  });
});

describe('openai provider: streamed usage', () => {
  it('asks for usage at the end of a stream, and goes without for a server that refuses stream_options', async () => {
    const { model } = await clientFor([apiError(400, 'Unrecognized request argument supplied: stream_options'), say('ok'), say('again')], { stream: true });
    expect((await model.complete(request)).content).toEqual([{ type: 'text', text: 'ok' }]);
    await model.complete(request);
    expect(server!.requests.map((r) => r.body.stream_options)).toEqual([{ include_usage: true }, undefined, undefined]);
  });
});

describe('openai provider: time limits', () => {
  it('times out a slow plain answer as retryable, and a retry after it succeeds', async () => {
    const { provider } = await clientFor([slow(say('too late'), 1_500), say('in time')], { timeoutMs: 200, maxRetries: 1, stream: false });
    expect((await provider.model('llama-test').complete(request)).content).toEqual([{ type: 'text', text: 'in time' }]);
    expect(server!.requests).toHaveLength(2);
  });

  it('ends a stream that stalls after its first chunk as a retryable timeout', async () => {
    const { model } = await clientFor([stall()], { timeoutMs: 300, maxRetries: 0, stream: true });
    const err = await modelError(model.complete(request));
    expect(err).toMatchObject({ retryable: true });
    expect(err.message).toMatch(/stalled/);
  });

  it('treats an unreachable server as retryable', async () => {
    const { model } = await clientFor([], { maxRetries: 0 });
    await server!.close();
    expect((await modelError(model.complete(request))).retryable).toBe(true);
  });
});

describe('openai provider: the start-up probe', () => {
  it('finds tool support, or its absence, without touching the script', async () => {
    const { provider } = await clientFor([say('scripted')]);
    expect(await provider.probe('llama-test')).toEqual({ tools: 'supported' });
    expect(server!.probes).toHaveLength(1);
    expect(server!.remaining()).toBe(1);
    await server!.close();

    const { provider: noTools } = await clientFor([], { fake: { tools: false } });
    const found = await noTools.probe('llama2');
    expect(found.tools).toBe('unsupported');
    expect(found.problem).toContain('llama2');
    expect(found.problem).toContain('does not support tools');
  });

  it('names the models a server has when the configured one is missing, and a refused key', async () => {
    const { provider } = await clientFor([], { fake: { models: ['qwen2.5:7b', 'llama3.1:8b'] } });
    const found = await provider.probe('llama3:8b');
    expect(found.tools).toBe('unknown');
    expect(found.problem).toMatch(/model "llama3:8b" is not on the server.*It serves: qwen2\.5:7b, llama3\.1:8b/);
    await server!.close();

    const { provider: keyed } = await clientFor([], { fake: { apiKey: 'sk-right' }, apiKey: 'sk-wrong' });
    expect((await keyed.probe('m')).problem).toMatch(/refused.*OPENAI_API_KEY/);
    await server!.close();
    const { provider: right } = await clientFor([], { fake: { apiKey: 'sk-right' }, apiKey: 'sk-right' });
    expect(await right.probe('m')).toEqual({ tools: 'supported' });
  });
});
