import type { z } from 'zod';
import type { Tool } from '../../tools/index.js';
import type { Session } from '../session.js';

/** A tool as the agents call it: it works with the run's session (what was read, what changed). */
export type AgentTool<Input extends z.ZodObject = z.ZodObject> = Tool<Input, Session>;

/** Keeps the input type of each tool while letting tool sets hold them side by side. */
export function defineTool<Input extends z.ZodObject>(tool: AgentTool<Input>): AgentTool {
  return tool as unknown as AgentTool;
}
