import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commitDiffSchema,
  commitParams,
  historyEntrySchema,
  historyPageSchema,
  diffQuery,
  historyQuery,
  idParams,
  noteHistoryQuery,
  noteHistorySchema,
  restoreBody,
  restoreReportSchema,
  undoReportSchema,
  PATH_ERROR_CODES,
} from '../api/index.js';
import type { History } from '../history/index.js';
import { routeErrors } from '../http/index.js';

const historyErrors = routeErrors(
  'history_unavailable',
  'no_history',
  ...PATH_ERROR_CODES,
  'commit_not_found',
  'update_not_found',
  'update_not_finished',
  'not_undoable',
  'version_not_found',
  'restore_blocked',
);
const send = historyErrors.valueOr;

/**
 * The vault's history: GET /history (every commit, newest first), each commit's diff, undo of
 * an update or of any undo or restore, and a note's versions with restore. The service logic
 * lives in history/; these are the HTTP faces.
 */
export async function historyRoutes(base: FastifyInstance, { history }: { history: History }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/history', { schema: { querystring: historyQuery, response: { 200: historyPageSchema, ...historyErrors.responses } } }, async (request, reply) => {
    const { limit, cursor, kind } = request.query;
    const outcome = await history.list({ limit, ...(cursor ? { before: Number(cursor) } : {}), ...(kind ? { kinds: new Set(kind) } : {}) });
    if (!outcome.ok) return historyErrors.send(reply, outcome.error, outcome.message);
    return { entries: outcome.value.entries, ...(outcome.value.next ? { next_cursor: String(outcome.value.next) } : {}) };
  });

  app.get('/history/:commit', { schema: { params: commitParams, response: { 200: historyEntrySchema, ...historyErrors.responses } } }, async (request, reply) =>
    send(reply, await history.entry(request.params.commit)),
  );

  app.get('/history/:commit/diff', { schema: { params: commitParams, querystring: diffQuery, response: { 200: commitDiffSchema, ...historyErrors.responses } } }, async (request, reply) =>
    send(reply, await history.diff(request.params.commit, request.query)),
  );

  app.post('/history/:commit/undo', { schema: { params: commitParams, response: { 200: undoReportSchema, ...historyErrors.responses } } }, async (request, reply) =>
    send(reply, await history.undo(request.params.commit)),
  );

  app.get('/updates/:id/diff', { schema: { params: idParams, querystring: diffQuery, response: { 200: commitDiffSchema, ...historyErrors.responses } } }, async (request, reply) =>
    send(reply, await history.updateDiff(request.params.id, request.query)),
  );

  app.post('/updates/:id/undo', { schema: { params: idParams, response: { 200: undoReportSchema, ...historyErrors.responses } } }, async (request, reply) =>
    send(reply, await history.undoUpdate(request.params.id)),
  );

  app.get('/vault/history', { schema: { querystring: noteHistoryQuery, response: { 200: noteHistorySchema, ...historyErrors.responses } } }, async (request, reply) => {
    const { path, limit, cursor } = request.query;
    const outcome = await history.versions(path, { limit, ...(cursor ? { before: cursor } : {}) });
    if (!outcome.ok) return historyErrors.send(reply, outcome.error, outcome.message);
    return { path: outcome.value.path, versions: outcome.value.versions, ...(outcome.value.next ? { next_cursor: outcome.value.next } : {}) };
  });

  app.post('/vault/restore', { schema: { body: restoreBody, response: { 200: restoreReportSchema, ...historyErrors.responses } } }, async (request, reply) =>
    send(reply, await history.restore(request.body.path, request.body.commit)),
  );
}
