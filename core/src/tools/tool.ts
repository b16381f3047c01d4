import { z } from 'zod';
import type { ToolSpec } from '../llm/index.js';

/** Expected failures are values the caller can act on ("read it again"), never exceptions. */
export type ToolOutcome = { ok: true; text: string; structured?: Record<string, unknown> } | { ok: false; error: string };

/**
 * What to do with a structured result, in words: the advice its text gives beside the data.
 * Some MCP clients (Claude Code among them) hand the model only the structured result's JSON.
 */
export const adviceField = z.string().describe('What to do with this result next, in words.');

export const shown = (text: string, structured?: Record<string, unknown>): ToolOutcome => ({ ok: true, text, ...(structured && { structured }) });
export const refused = (error: string): ToolOutcome => ({ ok: false, error });

/** Honest hints for whoever calls the tool (MCP clients show them; the agents' tool sets are checked against them). */
export interface ToolAnnotations {
  readOnly: boolean;
  destructive: boolean;
  /** Calling it twice with the same input does no more than calling it once. */
  idempotent: boolean;
  /** It reaches beyond the local vault. */
  openWorld: boolean;
}

/** The annotations every read-only tool carries: it only looks at the local vault. */
export const READ_ONLY: ToolAnnotations = { readOnly: true, destructive: false, idempotent: true, openWorld: false };

/**
 * One tool, whoever calls it (the update agent, the search agent, an MCP client): described
 * input, a description that says when to use it, honest annotations, one run. `Context` is what
 * the tool works with: an agent's session, a reader of the vault, the MCP services.
 */
export interface Tool<Input extends z.ZodObject = z.ZodObject, Context = unknown> {
  name: string;
  title: string;
  /** Says when to use the tool, not only what it does. */
  description: string;
  input: Input;
  /** Declared when the tool returns structured content (MCP clients validate it against this). */
  output?: z.ZodObject;
  annotations: ToolAnnotations;
  run(input: z.infer<Input>, context: Context): Promise<ToolOutcome>;
}

/** The shape model providers take (the Anthropic and OpenAI clients translate it to their wire). */
export function toToolSpec(tool: Pick<Tool, 'name' | 'description' | 'input'>): ToolSpec {
  // io 'input': fields with a default are optional for the model, not required.
  const schema = z.toJSONSchema(tool.input, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  delete schema.$schema; // the Messages API wants the bare object schema
  return { name: tool.name, description: tool.description, inputSchema: schema };
}
