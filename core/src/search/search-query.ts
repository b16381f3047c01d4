import { DEFAULTS, LIMITS, projectScope, scopeFolder } from '../api/index.js';

/** Limits and scope shared by fast and deep search. */

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULTS.results;
  return Math.min(LIMITS.results, Math.max(1, Math.floor(limit)));
}

export type Scope = { ok: true; prefix: string | null } | { ok: false; error: string };

/** `project:<name>` → the path prefix `projects/<name>/`; no scope → no prefix. */
export function parseScope(scope: string | undefined): Scope {
  const text = scope?.trim() ?? '';
  if (text === '') return { ok: true, prefix: null };
  const checked = projectScope.safeParse(text);
  if (!checked.success) return { ok: false, error: `unsupported search scope "${text}": ${checked.error.issues[0]?.message ?? 'it is not valid'}` };
  return { ok: true, prefix: scopeFolder(checked.data) };
}
