import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EDGE_ERROR_CODES, ERROR_CODES, type ErrorCode } from '../../src/api/index.js';
import { registerEdge } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { checkedSerializer, routeErrors, sendError } from '../../src/http/index.js';
import { ERROR_TABLE } from '../../src/http/error-table.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const TOKEN = 'f3a91c07d25e48b6a0c4e7d19b82f5c3';

/** "GET /vault/file": one name per method (fastify-static registers HEAD and GET as one route). */
const namesOf = (route: RouteOptions) => [route.method].flat().map((method) => `${method} ${route.url}`);

/** A route's declared error answers: status → the codes its error body may carry. */
function declaredErrors(route: RouteOptions): Map<number, string[]> {
  const response = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
  const declared = new Map<number, string[]>();
  for (const [status, schema] of Object.entries(response)) {
    if (Number(status) < 400) continue;
    const shape = (schema as unknown as { shape?: { error?: { options?: string[] } } }).shape;
    declared.set(Number(status), shape?.error?.options ?? []);
  }
  return declared;
}

describe('every route of the edge declares its error answers from the table', () => {
  let t: TestApp;
  let edge: FastifyInstance;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    // With a token, so that the sign-in routes are among those walked.
    t = await startTestApp({ env: { KNOWER_TOKEN: TOKEN } });
    const config = loadConfig({ VAULT_PATH: t.vault, KNOWER_STATE_DIR: t.stateDir, KNOWER_TOKEN: TOKEN, KNOWER_LOG_LEVEL: 'silent' }, t.base);
    edge = Fastify({ logger: false });
    edge.setValidatorCompiler(validatorCompiler);
    edge.setSerializerCompiler(checkedSerializer);
    edge.addHook('onRoute', (route) => void routes.push(route));
    await registerEdge(edge, t.knower, config);
    await edge.ready();
  });
  afterAll(async () => {
    await edge?.close();
    await t?.close();
  });

  it('walks the routes of the API, the MCP endpoint, the sign-in pages and the web app', () => {
    const names = new Set(routes.flatMap(namesOf));
    for (const name of ['POST /update', 'GET /vault/file', 'GET /vault/raw', 'GET /sse', 'POST /mcp', 'POST /login', 'GET /', 'GET /index.html', 'POST /embed', 'GET /history/:commit/diff'])
      expect(names).toContain(name);
    expect(routes.length).toBeGreaterThan(45);
  });

  it('no route lacks error response schemas: each declares the shared error body for the edge’s refusals', () => {
    const lacking = routes.filter((route) => {
      const declared = [...declaredErrors(route).values()].flat();
      return !EDGE_ERROR_CODES.every((code) => declared.includes(code));
    });
    expect(lacking.flatMap(namesOf)).toEqual([]);
  });

  it('no route answers a code outside the table, nor under another status than the table’s', () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const [status, codes] of declaredErrors(route)) {
        const where = namesOf(route).join(', ');
        if (codes.length === 0) wrong.push(`${where}: ${status} without a code list`);
        for (const code of codes) {
          if (!(ERROR_CODES as readonly string[]).includes(code)) wrong.push(`${where}: ${code} is not in the table`);
          else if (ERROR_TABLE[code as ErrorCode].status !== status) wrong.push(`${where}: ${code} under ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('a route sending a code it did not declare', () => {
  it('is refused by the serializer (a 500), never sent', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(checkedSerializer);
    const errors = routeErrors('update_not_found');
    app.get('/y', { schema: { response: errors.responses } }, (_request, reply) => sendError(reply, 'inbox_item_not_found', 'not this route’s either'));
    const sent = await app.inject('/y');
    expect(sent.statusCode).toBe(500);
    expect(sent.body).not.toContain('inbox_item_not_found');
    await app.close();
  });
});
