import type { z } from 'zod';
import type { Tool } from '../../tools/index.js';
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

/** A tool as MCP clients call it: it works with the services above. */
export type McpTool<Input extends z.ZodObject = z.ZodObject> = Tool<Input, McpToolDeps>;

/** Keeps each tool's input type while letting the tool list hold them side by side. */
export function defineMcpTool<Input extends z.ZodObject>(tool: McpTool<Input>): McpTool {
  return tool as unknown as McpTool;
}
