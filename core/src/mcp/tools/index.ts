import { askTool } from './ask.js';
import { readTool, searchTool, treeTool } from './read-tools.js';
import { rememberTool } from './remember.js';
import type { McpTool } from './tool.js';

export type { McpTool, McpToolDeps } from './tool.js';

/** Everything an MCP client can do: four read-only tools and one that queues an update. */
export const MCP_TOOLS: readonly McpTool[] = [searchTool, readTool, treeTool, askTool, rememberTool];
