import { scopeFolder } from '../api/scope.js';
import { PROJECTS_DIR } from '../api/vault-layout.js';
import { callApi } from './api.js';
import type { Context } from './context.js';
import { errorCodeOf } from './error-code.js';
import { asRecord } from './format/text.js';
import type { HttpClient } from './http-client.js';
import { failed, isFailure, type Failure } from './outcome.js';

/**
 * A scope names a folder under projects/: one that does not exist would only ever find nothing,
 * which reads like "no match". Said instead, with the projects there are.
 */
export async function projectProblem(ctx: Context, client: HttpClient, scope: string | undefined): Promise<Failure | undefined> {
  if (!scope) return undefined;
  const folder = scopeFolder(scope).replace(/\/$/, '');
  const result = await client.request('GET', '/vault/tree', { timeoutS: 30, query: { path: folder } });
  if (errorCodeOf(result) !== 'not_found') return undefined;
  const listing = await callApi(ctx, client, 'GET', '/vault/tree', { timeoutS: 30, query: { path: PROJECTS_DIR } });
  const names = isFailure(listing) ? [] : (Array.isArray(asRecord(listing.json).folders) ? (asRecord(listing.json).folders as unknown[]) : []).map((f) => String(asRecord(f).name));
  const known = names.length ? `the projects are: ${names.map((n) => `project:${n}`).join(', ')}` : 'there are no projects yet';
  return failed(`there is no project '${scope.slice('project:'.length)}' (no folder ${folder}/ in the vault); ${known}`);
}
