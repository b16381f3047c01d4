import type OpenAI from 'openai';
import type { RawTurn } from './openai-wire.js';

type Chunk = OpenAI.Chat.ChatCompletionChunk;
interface Slot {
  id?: string;
  name: string;
  args: string;
  /** Some servers send the arguments as an object, whole, in one delta. */
  object?: unknown;
}

/**
 * Folds a stream of `chat.completion.chunk`s into one turn. Local servers differ in how they
 * stream tool calls (OpenAI: name first, arguments in pieces, by index; others: the whole call in
 * one delta, sometimes without an index), so slots are found by index, then by id, then the last.
 * `onChunk` runs at every chunk: the caller's idle timer.
 */
export async function collectStream(stream: AsyncIterable<Chunk>, onChunk: () => void): Promise<RawTurn> {
  let content = '';
  let finishReason: string | null = null;
  let usage: RawTurn['usage'];
  const slots: Slot[] = [];
  const byIndex = new Map<number, Slot>();
  for await (const chunk of stream) {
    onChunk();
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.finish_reason) finishReason = choice.finish_reason;
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string') content += delta.content;
    for (const d of delta.tool_calls ?? []) {
      let slot = typeof d.index === 'number' ? byIndex.get(d.index) : d.id ? slots.find((s) => s.id === d.id) : slots.at(-1);
      if (!slot || (d.id && slot.id && d.id !== slot.id)) {
        slot = { name: '', args: '' };
        slots.push(slot);
        if (typeof d.index === 'number') byIndex.set(d.index, slot);
      }
      if (d.id) slot.id = d.id;
      const name = d.function?.name;
      // A server that repeats the whole name in every delta must not make "readread".
      if (name && name !== slot.name) slot.name += name;
      const args: unknown = d.function?.arguments;
      if (typeof args === 'string') slot.args += args;
      else if (args !== null && typeof args === 'object') slot.object = args;
    }
  }
  return {
    content,
    toolCalls: slots.map((s) => ({ id: s.id, name: s.name, arguments: s.object ?? s.args })),
    finishReason,
    usage,
  };
}
