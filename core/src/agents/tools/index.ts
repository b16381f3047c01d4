export { readTool, searchTool, treeTool } from './read-tools.js';
export { writeTool } from './write.js';
export { editTool } from './edit.js';
export { appendTool } from './append.js';
export { deleteTool } from './delete.js';
export { moveTool } from './move.js';
export { toToolSpec, type AgentTool, type ToolResult } from './tool.js';
