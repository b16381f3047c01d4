import { readTool as read, searchTool as search, treeTool as tree, type ReadTool } from '../../vault-tools/index.js';
import { defineMcpTool, READ_ONLY, toolError, toolText, type McpTool } from './tool.js';

/** A read-only vault tool as MCP clients call it: the vault as it is, structured content where the tool has some. */
function forMcp(tool: ReadTool): McpTool {
  return defineMcpTool({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    input: tool.input,
    ...(tool.output && { output: tool.output }),
    annotations: READ_ONLY,
    async run(input, deps) {
      const outcome = await tool.run(input, { root: deps.root, index: deps.index, search: deps.search });
      return outcome.ok ? toolText(outcome.text, outcome.structured) : toolError(outcome.error);
    },
  });
}

export const readTool = forMcp(read);
export const searchTool = forMcp(search);
export const treeTool = forMcp(tree);
