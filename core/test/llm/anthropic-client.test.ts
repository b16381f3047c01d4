import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, ModelError, type ModelRequest } from '../../src/llm/index.js';
import { apiError, slow, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';

const request: ModelRequest = {
  system: 'You are a test.',
  context: 'Vault context.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  tools: [{ name: 'read', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }],
};

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(steps: Parameters<typeof startFakeAnthropicServer>[0], opts: { maxRetries?: number; timeoutMs?: number } = {}) {
  server = await startFakeAnthropicServer(steps);
  return createAnthropicProvider({ apiKey: 'sk-test', baseURL: server.baseURL, maxRetries: opts.maxRetries ?? 2, timeoutMs: opts.timeoutMs ?? 5_000 }).model('claude-test');
}

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

describe('anthropic provider through the real SDK', () => {
  it('maps text, tool_use, stop reason and usage (cache tokens included)', async () => {
    const model = await clientFor([
      {
        kind: 'message',
        content: [text('let me look'), toolUse('read', { path: 'a.md' }, 'toolu_1')],
        stopReason: 'tool_use',
        usage: { input_tokens: 50, output_tokens: 7, cache_read_input_tokens: 30, cache_creation_input_tokens: 11 },
      },
    ]);
    const response = await model.complete(request);
    expect(response.content).toEqual([
      { type: 'text', text: 'let me look' },
      { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a.md' } },
    ]);
    expect(response.stopReason).toBe('tool_use');
    expect(response.usage).toEqual({ inputTokens: 50, outputTokens: 7, cacheReadTokens: 30, cacheWriteTokens: 11 });
  });

  it('sends the model, the tools and prompt-caching markers on the stable context and the newest turn', async () => {
    const model = await clientFor([turn(text('ok'))]);
    await model.complete({
      ...request,
      messages: [
        ...request.messages,
        { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'again' },
            { type: 'image', mediaType: 'image/png', data: 'AAAA' },
          ],
        },
      ],
    });
    const body = server!.requests[0]!.body;
    expect(body.model).toBe('claude-test');
    expect(body.tools?.map((t) => t.name)).toEqual(['read']);
    expect(body.system).toEqual([
      { type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'Vault context.', cache_control: { type: 'ephemeral' } },
    ]);
    const last = body.messages.at(-1)!.content as Array<Record<string, unknown>>;
    expect(last[0]).not.toHaveProperty('cache_control');
    expect(last[1]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' }, cache_control: { type: 'ephemeral' } });
    // Earlier turns carry no marker: at most four breakpoints per request.
    expect(JSON.stringify(body.messages.slice(0, -1))).not.toContain('cache_control');
  });

  it('retries a 429 through the SDK, then succeeds', async () => {
    const model = await clientFor([apiError(429), turn(text('after the rate limit'))]);
    const response = await model.complete(request);
    expect(response.content).toEqual([{ type: 'text', text: 'after the rate limit' }]);
    expect(server!.requests).toHaveLength(2);
  });

  it('throws a retryable ModelError when 500 persists past the SDK retries', async () => {
    const model = await clientFor([apiError(500), apiError(500), apiError(500)], { maxRetries: 2 });
    const err = await modelError(model.complete(request));
    expect(err).toMatchObject({ retryable: true, status: 500 });
    expect(server!.requests).toHaveLength(3);
  });

  it.each([
    [400, false],
    [401, false],
    [403, false],
    [529, true],
  ])('maps status %i to retryable=%s', async (status, retryable) => {
    const model = await clientFor([apiError(status), apiError(status), apiError(status)], { maxRetries: 2 });
    const err = await modelError(model.complete(request));
    expect(err).toMatchObject({ retryable, status });
    // Non-retryable statuses are not retried by the SDK either.
    expect(server!.requests).toHaveLength(retryable ? 3 : 1);
  });

  it('times out a slow answer as a retryable ModelError, and a retry after a slow answer succeeds', async () => {
    const model = await clientFor([slow(turn(text('too late')), 1_500)], { maxRetries: 0, timeoutMs: 200 });
    const err = await modelError(model.complete(request));
    expect(err.retryable).toBe(true);
    expect(err.status).toBeUndefined();
    await server!.close();

    const retrying = await clientFor([slow(turn(text('too late')), 1_500), turn(text('in time'))], { maxRetries: 1, timeoutMs: 200 });
    expect((await retrying.complete(request)).content).toEqual([{ type: 'text', text: 'in time' }]);
  });

  it('treats an unreachable server as retryable', async () => {
    const model = await clientFor([], { maxRetries: 0 });
    await server!.close();
    const err = await modelError(model.complete(request));
    expect(err.retryable).toBe(true);
  });
});
