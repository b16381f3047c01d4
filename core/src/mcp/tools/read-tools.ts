import { findTool as find, readTool as read, searchTool as search, treeTool as tree, type ReadTool } from '../../vault-tools/index.js';
import { defineMcpTool, type McpTool } from './tool.js';

/** A read-only vault tool as MCP clients call it: the same tool, reading the vault as it is. */
function forMcp(tool: ReadTool): McpTool {
  return defineMcpTool({ ...tool, run: (input, deps) => tool.run(input, { root: deps.root, index: deps.index, search: deps.search }) });
}

export const findTool = forMcp(find);
export const readTool = forMcp(read);
export const searchTool = forMcp(search);
export const treeTool = forMcp(tree);
