/** Knower over MCP (streamable HTTP at /mcp): search, read, outline, section, tree, stats, ask, remember. */
export { mcpRoutes } from './mcp-routes.js';
export { MCP_TOOLS, type McpTool, type McpToolDeps } from './tools/index.js';
