import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowerEvent } from '../../src/events/index.js';
import { startMcpApp, textOf, type McpFixture } from './mcp-client.js';

let t: McpFixture;
let client: Client;

beforeAll(async () => {
  t = await startMcpApp();
  client = await t.connect();
});
afterAll(() => t.close());

const HOST = { host: '127.0.0.1:8000' };

function shareForm(text: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----knower-door-test';
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n--${boundary}--\r\n`);
  return { payload, headers: { ...HOST, accept: 'application/json', 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('one door for updates: /update, /share and MCP remember refuse bad input alike', () => {
  const bad: Array<[string, string, number]> = [
    ['blank text', '  \n ', 400],
    ['text over the limit', 'x'.repeat(100_001), 413],
  ];
  for (const [what, text, status] of bad) {
    it(`${what}: the same code and sentence on every edge, and nothing accepted`, async () => {
      const before = t.knower.queue.recent().length;
      const update = await t.app.inject({ method: 'POST', url: '/update', headers: HOST, payload: { text } });
      const share = await t.app.inject({ method: 'POST', url: '/share', ...shareForm(text) });
      const remember = await t.call(client, 'remember', { text });

      expect(update.statusCode).toBe(status);
      expect(share.statusCode).toBe(status);
      const { error, message } = update.json() as { error: string; message: string };
      expect(share.json()).toEqual({ error, message });
      expect(remember.isError).toBe(true);
      expect(textOf(remember)).toContain(`(${error}): ${message}`);
      expect(t.knower.queue.recent().length).toBe(before);
    });
  }
});

describe('one door for questions: a question asked over MCP is kept like one asked in the app', () => {
  it('is recorded, announced and listed in GET /activity next to one from POST /search', async () => {
    const events: KnowerEvent[] = [];
    const unsubscribe = t.knower.bus.subscribe((event) => events.push(event));
    const asked = await t.call(client, 'ask', { question: 'Who owns the press kit?' });
    const searched = await t.app.inject({ method: 'POST', url: '/search', headers: HOST, payload: { query: 'What does sourdough need?' } });
    unsubscribe();

    expect(asked.isError).toBeFalsy();
    expect(searched.statusCode).toBe(200);
    const statuses = events.flatMap((e) => (e.type === 'question_status' ? [`${e.data.query}: ${e.data.status}`] : []));
    expect(statuses).toEqual(['Who owns the press kit?: pending', 'Who owns the press kit?: answered', 'What does sourdough need?: pending', 'What does sourdough need?: answered']);

    const activity = await t.app.inject({ method: 'GET', url: '/activity', headers: HOST });
    const questions = (activity.json() as { items: Array<{ type: string; question?: { query: string; status: string; answer?: { sources: string[] } } }> }).items
      .filter((item) => item.type === 'question')
      .map((item) => item.question!);
    const fromMcp = questions.find((q) => q.query === 'Who owns the press kit?');
    expect(fromMcp?.status).toBe('answered');
    expect(fromMcp?.answer?.sources).toContain('projects/acme/state.md');
    expect(questions.map((q) => q.query)).toContain('What does sourdough need?');
  });

  it('an empty question is refused on both edges before anything is kept', async () => {
    const before = (await t.knower.questions.all()).length;
    const searched = await t.app.inject({ method: 'POST', url: '/search', headers: HOST, payload: { query: '   ' } });
    const asked = await t.call(client, 'ask', { question: '   ' });
    expect(searched.statusCode).toBe(400);
    expect(searched.json().error).toBe('empty_query');
    expect(asked.isError).toBe(true);
    expect(textOf(asked)).toMatch(/question is empty/);
    expect((await t.knower.questions.all()).length).toBe(before);
  });
});
