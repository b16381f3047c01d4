import { z } from 'zod';
import type { ToolSpec } from '../../llm/index.js';
import type { Session } from '../session.js';

/** Expected failures are values the model can act on ("read it again"), never exceptions. */
export type ToolResult = { ok: true; content: string } | { ok: false; error: string };

export const done = (content: string): ToolResult => ({ ok: true, content });
export const refuse = (error: string): ToolResult => ({ ok: false, error });

export interface AgentTool<Input = unknown> {
  name: string;
  /** Tells the model when to use the tool, not only what it does. */
  description: string;
  input: z.ZodType<Input>;
  annotations: { readOnly: boolean; destructive: boolean };
  run(input: Input, session: Session): Promise<ToolResult>;
}

/** Keeps the input type of each tool while letting tool sets hold them side by side. */
export function defineTool<S extends z.ZodType>(tool: AgentTool<z.infer<S>> & { input: S }): AgentTool {
  return tool as unknown as AgentTool;
}

export function toToolSpec(tool: AgentTool): ToolSpec {
  // io 'input': fields with a default are optional for the model, not required.
  const schema = z.toJSONSchema(tool.input, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  delete schema.$schema; // the Messages API wants the bare object schema
  return { name: tool.name, description: tool.description, inputSchema: schema };
}
