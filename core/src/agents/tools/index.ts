export { findTool, readTool, searchTool, treeTool } from './read-tools.js';
export { writeTool } from './write.js';
export { editTool } from './edit.js';
export { appendTool } from './append.js';
export { deleteTool } from './delete.js';
export { moveTool } from './move.js';
export { type AgentTool } from './tool.js';
export { toToolSpec } from '../../tools/index.js';
