/**
 * The read-only vault tools, defined once: the agents get them through an adapter that adds
 * their run's hooks (agents/tools), MCP clients through one that adds structured content (mcp/tools).
 */
export { findTool } from './find.js';
export { readTool } from './read.js';
export { searchTool } from './search.js';
export { treeTool } from './tree.js';
export { readPath, type ReadTool, type VaultReader } from './reader.js';
