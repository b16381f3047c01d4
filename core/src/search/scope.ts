import { z } from 'zod';

/**
 * The one way to narrow a search or a question to a project, in every entry point (HTTP, MCP,
 * the agents' tools, the CLI): `project:<folder name under projects/>`.
 */
export const projectScope = z
  .string()
  .max(200)
  .regex(/^project:[^/\\.][^/\\]*$/, 'scope must look like "project:<name>", the name of a folder under projects/')
  .describe('Restrict to one project: "project:<folder name under projects/>", e.g. "project:acme".');
