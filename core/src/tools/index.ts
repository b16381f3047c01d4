export { adviceField, READ_ONLY, refused, shown, toToolSpec, type Tool, type ToolAnnotations, type ToolOutcome } from './tool.js';
