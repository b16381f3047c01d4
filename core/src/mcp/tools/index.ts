import { askTool } from './ask.js';
import { outlineTool } from './outline.js';
import { findTool, readTool, searchTool, treeTool } from './read-tools.js';
import { rememberTool } from './remember.js';
import { sectionTool } from './section.js';
import { statsTool } from './stats.js';
import type { McpTool } from './tool.js';

export type { McpTool, McpToolDeps } from './tool.js';

/** Everything an MCP client can do: read-only tools, and one (remember) that queues an update. */
export const MCP_TOOLS: readonly McpTool[] = [searchTool, findTool, readTool, outlineTool, sectionTool, treeTool, statsTool, askTool, rememberTool];
