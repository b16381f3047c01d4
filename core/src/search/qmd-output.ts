import type { RawHit } from './clean-hit.js';

/** Readers for qmd 2.8.3's CLI and MCP output. Unreadable output is null, not an exception. */

export interface IndexSummary {
  documents?: number;
  needsEmbedding: boolean;
}

/** From `qmd update` / `qmd collection add`: "Indexed: 3 new, 0 updated, 7 unchanged, 1 removed". */
export function parseIndexSummary(stdout: string): IndexSummary {
  const m = /Indexed: (\d+) new, (\d+) updated, (\d+) unchanged/.exec(stdout);
  const documents = m ? Number(m[1]) + Number(m[2]) + Number(m[3]) : undefined;
  // qmd ends an update with "Run 'qmd embed' to update embeddings (N unique hashes need vectors)".
  const needsEmbedding = /hash(es)? need vectors/.test(stdout);
  return documents === undefined ? { needsEmbedding } : { documents, needsEmbedding };
}

/** From `qmd collection show <name>`: its "Path:" and "Pattern:" lines. */
export function parseCollectionShow(stdout: string): { path?: string; pattern?: string } {
  const path = /^\s*Path:\s+(.*)$/m.exec(stdout)?.[1]?.trim();
  const pattern = /^\s*Pattern:\s+(.*)$/m.exec(stdout)?.[1]?.trim();
  return { ...(path !== undefined && { path }), ...(pattern !== undefined && { pattern }) };
}

/** `qmd search --json` / `qmd query --json` print one JSON array (possibly after other lines). */
export function parseCliHits(stdout: string): RawHit[] | null {
  const start = stdout.search(/^\[/m);
  if (start < 0) return null;
  try {
    return toRawHits(JSON.parse(stdout.slice(start)));
  } catch {
    return null;
  }
}

/** The MCP `query` tool's structuredContent: `{ results: [...] }`. */
export function parseMcpHits(value: unknown): RawHit[] | null {
  if (!value || typeof value !== 'object') return null;
  return toRawHits((value as { results?: unknown }).results);
}

function toRawHits(value: unknown): RawHit[] | null {
  if (!Array.isArray(value)) return null;
  const hits: RawHit[] = [];
  for (const item of value as Record<string, unknown>[]) {
    if (!item || typeof item.file !== 'string') continue;
    hits.push({
      file: item.file,
      score: typeof item.score === 'number' ? item.score : 0,
      ...(typeof item.title === 'string' && { title: item.title }),
      ...(typeof item.snippet === 'string' && { snippet: item.snippet }),
    });
  }
  return hits;
}
