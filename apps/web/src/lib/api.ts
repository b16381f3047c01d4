import { z } from 'zod';
import {
  acceptedSchema,
  activityPageSchema,
  answerSchema,
  commitDiffSchema,
  noteHistorySchema,
  restoreReportSchema,
  retryAcceptedSchema,
  undoReportSchema,
  errorBodySchema,
  findSchema,
  backlinksSchema,
  folderListingSchema,
  resolveSchema,
  searchHitsSchema,
  healthSchema,
  inboxItemSchema,
  inboxListSchema,
  noteSchema,
  updateStatusSchema,
  questionSchema,
  transcribeQueuedSchema,
  transcribeStatusSchema,
  forgetConfirmSchema,
  forgetReportSchema,
  forgetRestoreSchema,
  forgetStatusSchema,
  type ErrorCode,
  type SearchMode,
} from '@knower/api';

export * from '@knower/api';

/** What the app itself says went wrong: nothing answered, an answer that is not Knower's, or one that breaks the contract. */
type AppProblemCode = 'unreachable' | 'bad_response' | `http_${number}`;

/**
 * An expected failure (unreachable service, 4xx, a response that breaks the contract). Its code
 * is the API's, from the error body (api/error-codes.ts, the codes the CLI reads too), or the app's own.
 */
export type ApiProblem = { status: number; code: ErrorCode | AppProblemCode; message: string; /** A failed question, kept by the server. */ questionId?: string };
export type Result<T> = { ok: true; value: T } | { ok: false; problem: ApiProblem };

const problem = (status: number, code: ApiProblem['code'], message: string) => ({ ok: false, problem: { status, code, message } }) as const;

async function request<S extends z.ZodType>(schema: S, url: string, init: RequestInit = {}): Promise<Result<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return problem(0, 'unreachable', 'Knower is not reachable. Is the service running?');
  }
  // KNOWER_TOKEN is set and this browser has not signed in (or the token changed).
  if (response.status === 401) {
    window.location.assign('/login');
    return problem(401, 'unauthorized', 'Sign in to Knower to continue.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      const { error, message, question_id } = parsed.data;
      return { ok: false, problem: { status: response.status, code: error, message, ...(question_id ? { questionId: question_id } : {}) } };
    }
    // No error body of the API's: the answer came from something in front of core (a proxy, a gateway).
    return response.status >= 500
      ? problem(response.status, 'unreachable', `Knower did not answer (HTTP ${response.status}). Is the service running?`)
      : problem(response.status, `http_${response.status}`, `${response.status} ${response.statusText}`.trim());
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const path = url.split('?')[0];
    return problem(response.status, 'bad_response', `Unexpected answer from ${path}: ${z.prettifyError(parsed.error)}`);
  }
  return { ok: true, value: parsed.data };
}

const query = (params: Record<string, string | undefined>) => new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();

/** A file's bytes; a PDF opened at `page` in the browser's viewer (#page=N, as its viewers read it). */
export const rawUrl = (path: string, page?: number) => `/vault/raw?${query({ path })}${page ? `#page=${page}` : ''}`;

/** One folder's direct children ('' = the root). The browser revalidates it with its ETag. */
export async function getFolder(path: string, signal?: AbortSignal) {
  return request(folderListingSchema, `/vault/tree?${query({ path })}`, { signal, cache: 'no-cache' });
}

/**
 * Lookups by name and by content go as POST with a JSON body, whatever their length: a query of
 * 2,000 Thai or CJK characters is ~18 kB percent-encoded, more than a URL gets through everywhere.
 */
const postJson = (body: unknown, signal?: AbortSignal): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal });

export const findFiles = (q: string, limit = 30, signal?: AbortSignal) => request(findSchema, '/vault/find', postJson({ q, limit }, signal));

export const searchVault = (q: string, limit = 8, signal?: AbortSignal) => request(searchHitsSchema, '/vault/search', postJson({ q, limit }, signal));

/** The notes linking to `path` ("linked from"), each with the line of its link. */
export const getBacklinks = (path: string, signal?: AbortSignal) => request(backlinksSchema, `/vault/backlinks?${query({ path })}`, { signal });

export function resolveLinks(from: string, links: readonly string[], signal?: AbortSignal) {
  const params = new URLSearchParams({ from });
  for (const link of links) params.append('link', link);
  return request(resolveSchema, `/vault/resolve?${params.toString()}`, { signal });
}

export const getNote = (path: string, signal?: AbortSignal) => request(noteSchema, `/vault/file?${query({ path })}`, { signal });

export const getInbox = () => request(inboxListSchema, '/inbox');

export const getInboxItem = (id: string, signal?: AbortSignal) => request(inboxItemSchema, `/inbox/${encodeURIComponent(id)}`, { signal });

/** Updates and questions, newest first; `cursor` is the previous page's next_cursor. */
export const getActivity = (cursor?: string, limit = 20) => request(activityPageSchema, `/activity?${query({ limit: String(limit), cursor })}`);

export const getUpdate = (id: string) => request(updateStatusSchema, `/updates/${encodeURIComponent(id)}`);

export const getHealth = () => request(healthSchema, '/health');

export type UpdateInput = { text: string; url?: string; inboxRef?: string; files?: readonly File[]; idempotencyKey?: string };

export function postUpdate({ text, url, inboxRef, files = [], idempotencyKey }: UpdateInput) {
  const headers: Record<string, string> = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  let body: BodyInit;
  if (files.length > 0) {
    // multipart lets the files travel as they are; the browser sets the boundary header itself.
    const form = new FormData();
    form.append('text', text);
    if (url) form.append('url', url);
    if (inboxRef) form.append('inbox_ref', inboxRef);
    for (const file of files) form.append('files', file, file.name);
    body = form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ text, ...(url ? { url } : {}), ...(inboxRef ? { inbox_ref: inboxRef } : {}) });
  }
  return request(acceptedSchema, '/update', { method: 'POST', headers, body });
}

/** Whether a transcriber is set up, and the audio waiting for one. */
export const getTranscribeStatus = (signal?: AbortSignal) => request(transcribeStatusSchema, '/transcribe', { signal });

/** Transcribes these audio files of the vault, each as an update of its own. */
export const postTranscribe = (paths: readonly string[]) =>
  request(transcribeQueuedSchema, '/transcribe', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ paths }) });

export type SearchInput = { query: string; mode?: SearchMode; scope?: string };

const post = { method: 'POST' } as const;
const idPath = (prefix: string, id: string, suffix: string) => `${prefix}/${encodeURIComponent(id)}/${suffix}`;

/** Runs a failed update's input again as a new update. */
export const retryUpdate = (id: string) => request(retryAcceptedSchema, idPath('/updates', id, 'retry'), post);

/** Stops a queued or running update (a run's changes so far are undone); answers with its record. */
export const cancelUpdate = (id: string) => request(updateStatusSchema, idPath('/updates', id, 'cancel'), post);

/** Stops a question being answered; answers with its record. */
export const cancelQuestion = (id: string) => request(questionSchema, idPath('/questions', id, 'cancel'), post);

/** Asks a failed question again; answers like POST /search. */
export const retryQuestion = (id: string) => request(answerSchema, idPath('/questions', id, 'retry'), post);

export const getUpdateDiff = (id: string, signal?: AbortSignal) => request(commitDiffSchema, `${idPath('/updates', id, 'diff')}?words=true`, { signal });

export const undoUpdate = (id: string) => request(undoReportSchema, idPath('/updates', id, 'undo'), post);

/** Undoes any commit: an undo's own commit puts back what it reverted. */
export const undoCommit = (commit: string) => request(undoReportSchema, idPath('/history', commit, 'undo'), post);

export const getNoteHistory = (path: string, signal?: AbortSignal) => request(noteHistorySchema, `/vault/history?${query({ path, limit: '50' })}`, { signal });

export const restoreNote = (path: string, commit: string) =>
  request(restoreReportSchema, '/vault/restore', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ path, commit }) });

export const postSearch = (input: SearchInput) =>
  request(answerSchema, '/search', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });

/** What to forget: a text wherever it is, or files of the vault. */
export type ForgetTarget = { text: string } | { paths: string[] };

/** POST /forget: a dry run (what would change) unless `dryRun` is false. */
export const postForget = (target: ForgetTarget, dryRun: boolean) =>
  request(forgetReportSchema, '/forget', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...target, dry_run: dryRun }) });

/** GET /forget: whether a forget's backup waits for confirmation. */
export const getForgetStatus = (signal?: AbortSignal) => request(forgetStatusSchema, '/forget', { signal });

export const confirmForget = () => request(forgetConfirmSchema, '/forget/confirm', post);

export const restoreForget = () => request(forgetRestoreSchema, '/forget/restore', post);
