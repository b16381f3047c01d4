/** Knower over MCP (streamable HTTP at /mcp): search, read, outline, section, tree, stats, ask, remember. */
export { mcpRoutes } from './mcp-routes.js';
export { MCP_TOOLS } from './tools/index.js';
