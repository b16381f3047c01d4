/**
 * Tool calls a model wrote as text. Weaker local models often answer with the call itself when
 * the server's tool-call parser does not recognise their output: Hermes/Qwen style
 * `<tool_call>{"name": …, "arguments": …}</tool_call>`, or the bare JSON object (Llama 3.1 style,
 * `"parameters"`), possibly in a ```json fence. Only whole answers naming a tool the run offers are
 * taken as calls, so prose that merely contains JSON stays prose.
 */
export interface TextToolCall {
  name: string;
  /** As found: an object, or a string the caller parses like any other arguments. */
  arguments: unknown;
}

const TAGGED = /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g;
const FENCED = /^```(?:json)?\s*([\s\S]*?)\s*```$/;

function asCall(value: unknown, tools: ReadonlySet<string>): TextToolCall | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const fn = typeof record.function === 'object' && record.function !== null ? (record.function as Record<string, unknown>) : record;
  const name = fn.name;
  if (typeof name !== 'string' || !tools.has(name)) return undefined;
  return { name, arguments: fn.arguments ?? fn.parameters ?? {} };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The calls in `text` and the prose left around them, or undefined when it holds none. */
export function recoverToolCalls(text: string, toolNames: readonly string[]): { calls: TextToolCall[]; text: string } | undefined {
  const tools = new Set(toolNames);
  if (tools.size === 0) return undefined;
  const tagged = [...text.matchAll(TAGGED)];
  if (tagged.length > 0) {
    const calls = tagged.map((m) => asCall(parse(m[1] ?? ''), tools));
    if (calls.some((c) => !c)) return undefined;
    return { calls: calls as TextToolCall[], text: text.replace(TAGGED, '').trim() };
  }
  const trimmed = text.trim();
  const body = FENCED.exec(trimmed)?.[1] ?? trimmed;
  if (!/^[[{]/.test(body)) return undefined;
  const value = parse(body);
  const list = Array.isArray(value) ? value : [value];
  const calls = list.map((v) => asCall(v, tools));
  if (calls.length === 0 || calls.some((c) => !c)) return undefined;
  return { calls: calls as TextToolCall[], text: '' };
}
