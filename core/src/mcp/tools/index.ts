import { askTool } from './ask.js';
import { readTool } from './read.js';
import { rememberTool } from './remember.js';
import { searchTool } from './search.js';
import type { McpTool } from './tool.js';
import { treeTool } from './tree.js';

export type { McpTool, McpToolDeps } from './tool.js';

/** Everything an MCP client can do: four read-only tools and one that queues an update. */
export const MCP_TOOLS: readonly McpTool[] = [searchTool, readTool, treeTool, askTool, rememberTool];
