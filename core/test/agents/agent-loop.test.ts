import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runAgentLoop, runToolCall } from '../../src/agents/agent-loop.js';
import { TOOL_SETS } from '../../src/agents/tool-sets.js';
import { defineTool } from '../../src/agents/tools/tool.js';
import { createAnthropicProvider, ModelError } from '../../src/llm/index.js';
import { apiError, lastToolResults, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { makeVault, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  await vault?.cleanup();
  server = vault = undefined;
});

const throwing = defineTool({
  name: 'explode',
  description: 'Always throws.',
  input: z.object({}),
  title: 'Explode',
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  run: async () => {
    throw new Error('kaboom');
  },
});

describe('agent loop', () => {
  it('turns unknown tools, malformed inputs and thrown errors into is_error results, and keeps going', async () => {
    vault = await makeVault();
    server = await startFakeAnthropicServer([
      turn(
        toolUse('rm', { path: 'changelog.md' }),
        toolUse('read', { path: 42 }),
        toolUse('edit', { path: 'changelog.md' }),
        toolUse('read', 'not an object'),
        toolUse('explode', {}),
        toolUse('read', { path: 'changelog.md' }),
      ),
      turn(text('Recovered.')),
    ]);
    const model = createAnthropicProvider({ apiKey: 'sk', baseURL: server.baseURL, maxRetries: 0 }).model('m');
    const result = await runAgentLoop({ model, system: 's', context: 'c', task: [{ type: 'text', text: 'go' }], tools: [...TOOL_SETS.update, throwing], session: vault.session() });

    expect(result).toMatchObject({ text: 'Recovered.', iterations: 2, exhausted: false, toolCalls: 6, toolErrors: 5 });
    const results = lastToolResults(server.requests[1]!.body);
    expect(results.map((r) => Boolean(r.is_error))).toEqual([true, true, true, true, true, false]);
    expect(results[0]!.content).toContain('Unknown tool "rm"');
    expect(results[1]!.content).toMatch(/Invalid input for read[\s\S]*path/);
    expect(results[2]!.content).toMatch(/old_content/);
    expect(results[4]!.content).toContain('explode failed: kaboom');
    expect(results[5]!.content).toContain('# Changelog');
    // Every tool_use got exactly one result, in order.
    const calls = (server.requests[1]!.body.messages[1]!.content as Array<{ id?: string }>).map((b) => b.id);
    expect(results.map((r) => r.tool_use_id)).toEqual(calls);
  });

  it('sums usage over the turns of a run', async () => {
    vault = await makeVault();
    server = await startFakeAnthropicServer([
      { kind: 'message', content: [toolUse('tree', { path: '', depth: 1 })], stopReason: 'tool_use', usage: { input_tokens: 1000, output_tokens: 10, cache_creation_input_tokens: 900 } },
      { kind: 'message', content: [text('done')], stopReason: 'end_turn', usage: { input_tokens: 50, output_tokens: 5, cache_read_input_tokens: 950 } },
    ]);
    const model = createAnthropicProvider({ apiKey: 'sk', baseURL: server.baseURL, maxRetries: 0 }).model('m');
    const result = await runAgentLoop({ model, system: 's', context: 'c', task: [{ type: 'text', text: 'go' }], tools: TOOL_SETS.search, session: vault.session('search') });
    expect(result.usage).toEqual({ inputTokens: 1050, outputTokens: 15, cacheReadTokens: 950, cacheWriteTokens: 900 });
  });

  it('lets model errors propagate to the caller as ModelError (the queue retries them)', async () => {
    vault = await makeVault();
    server = await startFakeAnthropicServer([apiError(500), apiError(500), apiError(500)]);
    const agents = vault.agents({ baseURL: server.baseURL, maxRetries: 2 });
    const err = await agents.runUpdate({ id: 'u-500', text: 'x', attachments: [], receivedAt: '2025-03-14T09:25:00Z' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(err).toMatchObject({ retryable: true, status: 500 });
    expect(server.requests).toHaveLength(3);
  });

  it('runToolCall returns a result for a tool that returns a refusal value', async () => {
    vault = await makeVault();
    const result = await runToolCall({ type: 'tool_use', id: 't1', name: 'read', input: { path: 'nope.md' } }, TOOL_SETS.search, vault.session('search'));
    expect(result).toEqual({ type: 'tool_result', toolUseId: 't1', content: expect.stringContaining('does not exist'), isError: true });
  });
});
