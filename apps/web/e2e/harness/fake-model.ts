import {
  lastToolResults,
  slow,
  startFakeAnthropicServer,
  text,
  toolUse,
  turn,
  type FakeAnthropicServer,
  type ScriptStep,
  type WireBlock,
  type WireRequest,
} from '../../../../core/test/fakes/fake-anthropic-server.js';

export { slow, text, toolUse, turn, type ScriptStep, type WireBlock, type WireRequest };

/** The first user turn's text: the update agent's task (update id, the user's words) or the question. */
export function taskText(req: WireRequest): string {
  const first = req.messages[0];
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  return first.content
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text))
    .join('\n');
}

/** The update id core put in the update agent's task ("Update id: <id>"). */
export function updateIdOf(req: WireRequest): string {
  const id = /^Update id: (\S+)$/m.exec(taskText(req))?.[1];
  if (!id) throw new Error(`not an update agent request: ${taskText(req).slice(0, 200)}`);
  return id;
}

/** A turn decided from the request, e.g. to name the inbox item after the update id. */
export const turnFrom = (blocks: (req: WireRequest) => WireBlock[]): ScriptStep => ({ kind: 'dynamic', respond: (req) => turn(...blocks(req)) });

export interface FakeModel {
  baseURL: string;
  /** Queues the turns the next agent run will be answered with. */
  script(...steps: ScriptStep[]): void;
  /** Turns queued and not served yet. */
  remaining(): number;
  /** Every tool error core sent back to the model, so a test can say a scripted run went as planned. */
  toolErrors(): string[];
  /** The recorded requests, for the failure artifacts. */
  requests(): WireRequest[];
  close(): Promise<void>;
}

/** The fake Messages API core's own tests use (real wire format, scripted turns, recorded requests). */
export async function startFakeModel(): Promise<FakeModel> {
  const server: FakeAnthropicServer = await startFakeAnthropicServer();
  return {
    baseURL: server.baseURL,
    script: (...steps) => server.push(...steps),
    remaining: () => server.remaining(),
    toolErrors: () =>
      server.requests.flatMap(({ body }) =>
        lastToolResults(body)
          .filter((r) => r.is_error)
          .map((r) => `${r.tool_use_id}: ${JSON.stringify(r.content)}`),
      ),
    requests: () => server.requests.map((r) => r.body),
    close: () => server.close(),
  };
}
