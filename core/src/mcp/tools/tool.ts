import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Questions } from '../../activity/index.js';
import type { Logger } from '../../logger.js';
import type { SearchEngine } from '../../search/index.js';
import type { VaultStats } from '../../stats/index.js';
import type { Updates } from '../../updates/index.js';
import type { VaultIndex } from '../../vault/index.js';

/** What the MCP tools may touch: reading the vault, the questions (kept like the app's), and the update door. */
export interface McpToolDeps {
  /** The vault's realpath: every path goes through resolveVaultPath against it. */
  root: string;
  index: VaultIndex;
  search: SearchEngine;
  questions: Pick<Questions, 'ask'>;
  updates: Pick<Updates, 'submit'>;
  stats: Pick<VaultStats, 'stats'>;
  /** The project the client works in (a coding agent's repository), when it said and the vault has it. */
  project?: string;
  log: Logger;
}

/** One MCP tool: described input, a description that says when to use it, honest annotations. */
export interface McpTool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  /** Declared when the tool returns structuredContent (clients validate it against this). */
  output?: z.ZodObject;
  annotations: Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;
  run(input: z.infer<Input>, deps: McpToolDeps): Promise<CallToolResult>;
}

/** Keeps each tool's input type while letting the tool list hold them side by side. */
export function defineMcpTool<Input extends z.ZodObject>(tool: McpTool<Input>): McpTool {
  return tool as unknown as McpTool;
}

/** Expected failures reach the model as tool errors whose text says what to do next. */
export function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

export function toolText(text: string, structured?: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], ...(structured ? { structuredContent: structured } : {}) };
}

/** The annotations every read-only tool carries: it only looks at the local vault. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
