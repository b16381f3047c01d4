import { appendTool, deleteTool, editTool, findTool, moveTool, readTool, searchTool, treeTool, writeTool, type AgentTool } from './tools/index.js';

/**
 * Which agent may use which tool: the one place to check that the search agent cannot write.
 * (The path rules refuse changes from a search session too, as a second line.)
 */
export const TOOL_SETS = {
  update: [treeTool, readTool, searchTool, findTool, writeTool, editTool, appendTool, deleteTool, moveTool],
  search: [treeTool, readTool, searchTool, findTool],
} as const satisfies Record<string, readonly AgentTool[]>;
