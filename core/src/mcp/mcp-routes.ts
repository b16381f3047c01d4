import type { FastifyInstance, FastifyReply } from 'fastify';
import { routeErrors } from '../http/index.js';
import { projectFirst } from './project-first.js';
import { clientContext, sessionProject } from './session-project.js';
import type { McpToolDeps } from './tools/index.js';

/**
 * 1 MiB, the app-wide limit, said out loud: the largest legitimate call is `remember` with
 * 100,000 characters (≤ 400 KB as UTF-8 JSON); anything bigger is refused before parsing.
 */
const MCP_BODY_LIMIT = 1024 * 1024;

/**
 * The MCP SDK is loaded by the first MCP request, not at start: a person who connects no MCP
 * client does not carry its code (~13 MB resident).
 */
const loadMcp = async () => {
  const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await Promise.all([import('./mcp-server.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]);
  return { createMcpServer, StreamableHTTPServerTransport };
};

function methodNotAllowed(_request: unknown, reply: FastifyReply): FastifyReply {
  return reply
    .code(405)
    .header('allow', 'POST')
    .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC requests with POST.' }, id: null });
}

/**
 * /mcp: the MCP streamable HTTP transport, stateless. Each POST gets a fresh McpServer and
 * transport (the SDK's recommended shape for a stateless server; a stateless transport refuses
 * reuse). Why stateless: every tool is a plain request/response, so sessions would buy nothing
 * but a session map to expire, and clients keep working across a service restart. GET (the
 * server-to-client event stream) and DELETE (ending a session) have no meaning here: 405, as
 * the spec allows. Host, Origin and token checks already ran in the security plugin.
 */
export async function mcpRoutes(app: FastifyInstance, services: Omit<McpToolDeps, 'log' | 'project'>): Promise<void> {
  const deps: McpToolDeps = { ...services, log: app.log };

  // No success schema: the transport writes JSON-RPC (or an event stream) to the raw response
  // itself. The edge's refusals (token, origin, body) come before it, in the API's error shape.
  const { responses } = routeErrors();
  app.post('/mcp', { bodyLimit: MCP_BODY_LIMIT, schema: { response: responses } }, async (request, reply) => {
    const { createMcpServer, StreamableHTTPServerTransport } = await loadMcp();
    const project = sessionProject(services.index, clientContext(request.url));
    const server = createMcpServer(project ? { ...deps, project, search: projectFirst(services.search, project) } : deps);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    // The transport writes the response itself (JSON or an SSE stream): Fastify steps aside.
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error; the Knower log has the details.' }, id: null }));
      }
    }
  });
  // 405 is JSON-RPC's error, not the API's: it is no status of the table, so not checked against it.
  app.get('/mcp', { schema: { response: responses } }, methodNotAllowed);
  app.delete('/mcp', { schema: { response: responses } }, methodNotAllowed);
}
