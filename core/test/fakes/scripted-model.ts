import type { ScriptStep, WireRequest } from './fake-anthropic-server.js';

/** The update id the runner puts in the first user turn ("Update id: …"). */
export function updateIdOf(req: WireRequest): string {
  const first = req.messages[0];
  const content = typeof first?.content === 'string' ? first.content : (first?.content ?? []).map((b) => (typeof b.text === 'string' ? b.text : '')).join('\n');
  const id = /Update id: (\S+)/.exec(content)?.[1];
  if (!id) throw new Error('no update id in the request');
  return id;
}

/** A step whose answer depends on the update being run (its id names files and inbox items). */
export const forUpdate = (respond: (id: string, req: WireRequest) => ScriptStep): ScriptStep => ({
  kind: 'dynamic',
  respond: (req) => respond(updateIdOf(req), req),
});
