/** Query text and scope handling shared by fast and deep search. */

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 500;

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

/**
 * qmd rejects a lex query with an unmatched double quote ("Lex query has an unmatched double
 * quote"); people and models type them anyway, so an odd quote count drops all quotes.
 */
export function normalizeLexQuery(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const quotes = (text.match(/"/g) ?? []).length;
  return quotes % 2 === 1 ? text.replace(/"/g, ' ').replace(/\s+/g, ' ').trim() : text;
}

/** Lower-cased words a snippet should show; negated terms (`-word`) are not among them. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const match of query.matchAll(/(-?)"([^"]*)"|(\S+)/g)) {
    const negated = match[1] === '-' || (match[3]?.startsWith('-') ?? false);
    if (negated) continue;
    const raw = match[2] ?? match[3] ?? '';
    for (const word of raw.toLowerCase().split(/\s+/)) {
      const clean = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (clean.length > 0) terms.add(clean);
    }
  }
  return [...terms];
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

/** How many hits to ask qmd for, so that enough survive the scope filter. */
export function fetchLimit(limit: number, prefix: string | null): number {
  return prefix ? Math.min(MAX_LIMIT, Math.max(limit * 10, 100)) : limit;
}
