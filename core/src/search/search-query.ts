/** Limits and scope shared by fast and deep search. */

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 500;

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

export type Scope = { ok: true; prefix: string | null } | { ok: false; error: string };

/** `project:<name>` → the path prefix `projects/<name>/`; no scope → no prefix. */
export function parseScope(scope: string | undefined): Scope {
  const text = scope?.trim() ?? '';
  if (text === '') return { ok: true, prefix: null };
  const match = /^project:(.+)$/.exec(text);
  const name = match?.[1]?.trim().replace(/^\/+|\/+$/g, '');
  if (!name) return { ok: false, error: `unsupported search scope "${text}" (expected "project:<name>")` };
  return { ok: true, prefix: `projects/${name}/` };
}
