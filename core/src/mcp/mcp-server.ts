import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOLS, type McpTool, type McpToolDeps } from './tools/index.js';
import type { ToolAnnotations, ToolOutcome } from '../tools/index.js';
import { projectFolder, vaultRelativeText } from '../vault/index.js';

const SERVER_INFO = { name: 'knower', version: '0.1.0' } as const;

const INSTRUCTIONS =
  "Knower is the user's personal memory vault: plain markdown notes organised into projects/, bucket/, profile.md, tasks.md and changelog.md. " +
  'To find things: search (raw hits) or tree (the layout), then read. To get an answer written from the notes: ask. ' +
  'To read a long note by its structure: outline, then section. What the vault holds and what changed lately, per project: stats. ' +
  'To store something the user wants kept: remember (filed in the background).';

/** Said when the client works in a project's repository: the scope to pass, and what search does without one. */
const projectInstructions = (project: string) =>
  ` This session works in the repository of the vault's project "${project}" (${projectFolder(project)}/): search lists that project's notes first; pass scope "project:${project}" to search or ask to stay inside it.`;

/**
 * A tool's outcome as MCP's result. An error's text names vault-relative paths only: the client
 * never learns where the vault lies on the host.
 */
function toCallToolResult(outcome: ToolOutcome, root: string): CallToolResult {
  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: vaultRelativeText(outcome.error, [root]) }] };
  return { content: [{ type: 'text', text: outcome.text }], ...(outcome.structured ? { structuredContent: outcome.structured } : {}) };
}

/** The tool's annotations in MCP's words. */
const hints = (a: ToolAnnotations) => ({ readOnlyHint: a.readOnly, destructiveHint: a.destructive, idempotentHint: a.idempotent, openWorldHint: a.openWorld });

/** A tool that throws is a broken invariant: log it, and give the model an error it can act on. */
function guarded(tool: McpTool, deps: McpToolDeps) {
  return async (input: unknown): Promise<CallToolResult> => {
    try {
      return toCallToolResult(await tool.run(input as never, deps), deps.root);
    } catch (err) {
      deps.log.error({ err, tool: tool.name }, 'MCP tool failed');
      const message = err instanceof Error ? err.message : String(err);
      return toCallToolResult({ ok: false, error: `Knower failed while running ${tool.name} (${message}). Try again; if it keeps failing, the service log has the details.` }, deps.root);
    }
  };
}

/** One MCP server with Knower's tools (built per request: the transport is stateless, and each request says which project its client works in). */
export function createMcpServer(deps: McpToolDeps): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS + (deps.project ? projectInstructions(deps.project) : '') });
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        ...(tool.output ? { outputSchema: tool.output } : {}),
        annotations: { title: tool.title, ...hints(tool.annotations) },
      },
      guarded(tool, deps),
    );
  }
  return server;
}
