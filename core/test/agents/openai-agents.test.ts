import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelError } from '../../src/agents/index.js';
import { waitFor } from '../helpers/temp-dir.js';
import {
  calls,
  forUpdate,
  lastToolMessages,
  rawToolCall,
  say,
  stall,
  startFakeOpenAIServer,
  toolCall,
  type FakeOpenAIOptions,
  type FakeOpenAIServer,
  type ScriptStep,
} from '../fakes/fake-openai-server.js';
import { makeVault, PNG, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  await vault?.cleanup();
  server = vault = undefined;
});

async function setup(script: ScriptStep[], fake: FakeOpenAIOptions = {}, probe = false) {
  vault = await makeVault({ ...project('acme', 'Launch planned for Q3.'), ...project('garden', 'Tomatoes planted.') });
  server = await startFakeOpenAIServer({ script, ...fake });
  const agents = vault.agentsWith({ openai: { baseURL: server.baseURL, model: 'llama-test', searchModel: 'llama-search', timeoutMs: 5_000 }, probe });
  return { vault, server, agents };
}

const input = (id: string, text: string, attachments: Array<{ name: string; kind: 'image'; mediaType: 'image/png'; path: string }> = []) => ({
  id,
  text,
  attachments,
  receivedAt: '2025-03-14T09:25:00Z',
});

describe('update agent on an OpenAI-compatible server', () => {
  it('answers broken JSON, bad arguments and an unknown tool with tool errors the model corrects', async () => {
    const { vault, server, agents } = await setup([
      calls(rawToolCall('read', '{"path": "projects/acme/state.md"'), toolCall('read', { file: 'projects/acme/state.md' }), toolCall('open_file', { path: 'x' })),
      calls(toolCall('read', { path: 'projects/acme/state.md' })),
      calls(toolCall('edit', { path: 'projects/acme/state.md', old_content: 'Launch planned for Q3.', new_content: 'Launch on 2025-09-01.' })),
      say('Set the acme launch date.'),
    ]);
    const outcome = await agents.runUpdate(input('u-fix', 'acme launches on September 1st'));

    expect(outcome).toMatchObject({ status: 'done', summary: 'Set the acme launch date.' });
    expect(outcome.files).toEqual(['changelog.md', 'projects/acme/state.md']);
    expect(await vault.read('projects/acme/state.md')).toContain('Launch on 2025-09-01.');
    const [json, args, unknown] = lastToolMessages(server.requests[1]!.body);
    expect(json!.content).toMatch(/^Error: Could not read your read call: the arguments were not valid JSON/);
    expect(args!.content).toMatch(/^Error: Invalid input for read[\s\S]*path/);
    expect(unknown!.content).toMatch(/^Error: Unknown tool "open_file". Available tools: tree, read, search, find, write, edit, append, delete, move\./);
    // The broken call goes back in the history as {} so that the server can parse the conversation.
    expect(server.requests[1]!.body.messages.find((m) => m.role === 'assistant')!.tool_calls![0]!.function.arguments).toBe('{}');
    expect(lastToolMessages(server.requests[3]!.body)[0]!.content).not.toMatch(/^Error/);
  });

  it('opens an inbox item for an ambiguous update, then carries out the reply', async () => {
    const review = '# Which project is the launch about?\n\n## What I received\nA launch.\n\n## Where it could go\n- projects/acme\n- projects/garden\n\n## What I need from you\nWhich one?\n';
    const { vault, server, agents } = await setup([forUpdate((id) => calls(toolCall('write', { path: `inbox/${id}/review.md`, content: review }))), say('Asked which project.')]);
    const first = await agents.runUpdate(input('u-amb', 'the launch moved to friday'));
    expect(first).toMatchObject({ status: 'inbox', inboxId: 'u-amb' });
    expect(await vault.read('inbox/u-amb/input.md')).toContain('the launch moved to friday');

    server.push(
      calls(toolCall('read', { path: 'projects/acme/state.md' })),
      calls(toolCall('append', { path: 'projects/acme/state.md', content: '- Launch moved to Friday.', position: 'bottom' })),
      calls(toolCall('delete', { path: 'inbox/u-amb' })),
      say('Filed under acme and closed the item.'),
    );
    await vault.sync();
    const reply = await agents.runUpdate({ ...input('u-reply', 'acme'), inboxRef: 'u-amb' });
    expect(reply).toMatchObject({ status: 'done' });
    expect(await vault.exists('inbox/u-amb')).toBe(false);
    expect(await vault.read('projects/acme/state.md')).toContain('- Launch moved to Friday.');
    // The item was shown to the model in the reply's task.
    expect(JSON.stringify(server.requests[2]!.body.messages[1])).toContain('Which project is the launch about?');
  });

  it('sends images to a vision model, and to a model without vision a note, filing the image either way', async () => {
    for (const images of [true, false]) {
      const { vault, server, agents } = await setup(
        [
          forUpdate((id) => calls(toolCall('move', { from: `bucket/2025-03-14-board-${id}.png`, to: 'projects/garden/board.png' }))),
          calls(toolCall('append', { path: 'projects/garden/state.md', content: '![board](board.png)', position: 'bottom' })),
          say('Filed the board photo.'),
        ],
        { images },
      );
      const stored = path.join(vault.stateDir, 'upload');
      await writeFile(stored, PNG);
      const outcome = await agents.runUpdate(input('u-img', 'the garden plan', [{ name: 'board.png', kind: 'image' as const, mediaType: 'image/png', path: stored }]));
      expect(outcome.status).toBe('done');
      expect(await vault.exists('projects/garden/board.png')).toBe(true);
      const task = JSON.stringify(server.requests.at(-3)!.body.messages[1]!.content);
      if (images) expect(task).toContain(`data:image/png;base64,${PNG.toString('base64')}`);
      else expect(task).toContain('Image not shown: this model does not take images');
      await server.close();
      await vault.cleanup();
    }
    server = vault = undefined;
  });

  it('answers a question with the search model, citing the notes it read', async () => {
    const { server, agents } = await setup([calls(toolCall('read', { path: 'projects/garden/state.md' })), say('Tomatoes are planted ([projects/garden/state.md](projects/garden/state.md)).')]);
    const answer = await agents.answer({ query: 'What is planted?' });
    expect(answer.markdown).toContain('Tomatoes are planted');
    expect(answer.sources).toEqual(['projects/garden/state.md']);
    expect(server.requests[0]!.body.model).toBe('llama-search');
    expect(server.requests[0]!.body.tools!.map((t) => t.function.name).sort()).toEqual(['find', 'read', 'search', 'tree']);
  });
});

describe('timeouts', () => {
  it('retries a stalled stream and files the update; a server that never answers ends in a retryable error, logged in /health', async () => {
    vault = await makeVault(project('garden', 'Tomatoes planted.'));
    server = await startFakeOpenAIServer({ script: [stall(), calls(toolCall('tree', { path: '', depth: 1 })), stall(), say('Nothing to file.')] });
    const agents = vault.agentsWith({ openai: { baseURL: server.baseURL, model: 'm', searchModel: 'm', timeoutMs: 300 }, probe: false });
    expect(await agents.runUpdate(input('u-stall', 'hm'))).toMatchObject({ status: 'done', fallback: 'bucket', summary: expect.stringContaining('Nothing to file.') });
    expect(server.requests).toHaveLength(4);

    server.push(stall(), stall(), stall(), stall());
    const err = await agents.runUpdate(input('u-hung', 'hm')).catch((e: unknown) => e);
    expect(err).toMatchObject({ retryable: true, message: expect.stringContaining('stalled: no data for 300 ms') });
    expect(server.requests).toHaveLength(7);
    expect(agents.provider.problem).toMatch(/stalled/);
  });
});

describe('provider status', () => {
  it('names provider, models and address, and finds tool support at start', async () => {
    const { server, agents } = await setup([], {}, true);
    expect(agents.provider).toMatchObject({ name: 'openai', model: 'llama-test', searchModel: 'llama-search', baseURL: server.baseURL });
    await waitFor(() => agents.provider.tools === 'supported', 5000, 'the probe');
    expect(server.probes.map((p) => p.body.model).sort()).toEqual(['llama-search', 'llama-test']);
    expect(agents.provider.problem).toBeUndefined();
  });

  it('says clearly when the model cannot call tools, and an update fails at once without retries', async () => {
    const { server, agents } = await setup([], { tools: false }, true);
    await waitFor(() => agents.provider.tools === 'unsupported', 5000, 'the probe');
    expect(agents.provider.problem).toMatch(/"llama-test" cannot call tools/);
    const err = await agents.runUpdate(input('u-notools', 'hello')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(err).toMatchObject({ retryable: false, kind: 'tools-unsupported' });
    expect(server.requests).toHaveLength(1);
  });

  it('shows the last failure in problem, and clears it once a call succeeds', async () => {
    const { agents } = await setup([{ kind: 'error', status: 401, message: 'Incorrect API key provided' }, say('ok')]);
    await expect(agents.answer({ query: 'x' })).rejects.toBeInstanceOf(ModelError);
    expect(agents.provider.problem).toMatch(/401 Incorrect API key provided/);
    await agents.answer({ query: 'y' });
    expect(agents.provider.problem).toBeUndefined();
    expect(agents.provider.tools).toBe('supported');
  });
});
