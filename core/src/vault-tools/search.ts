import { z } from 'zod';
import { DEFAULTS, LIMITS, projectScope, queryText, resultLimit, searchMode } from '../api/index.js';
import type { SearchResult } from '../search/index.js';
import { READ_ONLY, shown } from '../tools/index.js';
import { defineReadTool } from './reader.js';

const hit = z.object({ path: z.string(), title: z.string(), score: z.number(), snippet: z.string(), truncated: z.string().optional(), page: z.number().optional() });

function format(query: string, result: SearchResult): string {
  const head =
    (result.degraded ? `(search degraded: ${result.degraded})\n` : '') +
    (result.partial ? '(the vault is still being indexed for the first time: notes not reached yet are missing from these results)\n' : '');
  if (result.results.length === 0) return `${head}No matches for "${query}". Try other words, or explore the vault with the tree tool.`;
  const hits = result.results.map((h, i) => {
    const snippet = h.snippet
      .trim()
      .split('\n')
      .map((line) => `   > ${line}`)
      .join('\n');
    // A PDF's page, so the answer can cite it ("papers/x.pdf p. 37"); what part of it search covers, when not all.
    const page = h.page ? ` p. ${h.page}` : '';
    const part = h.truncated ? ` (${h.truncated})` : '';
    return `${i + 1}. ${h.path}${page} — ${h.title}${part}\n${snippet}`;
  });
  return `${head}${hits.join('\n')}\n\nSnippets are excerpts: read a file before relying on it or changing it.`;
}

export const searchTool = defineReadTool({
  name: 'search',
  title: 'Search the vault',
  description:
    "Keyword or semantic search over the notes of the user's vault: every markdown note, wherever it lives, except overview.md, profile.md and inbox/; keyword search also covers the PDFs by their text. " +
    'Use it to find which notes mention a topic, person or project (before deciding where information belongs, or to find passages that answer a question), then open them with read. ' +
    'Returns ranked hits (path, title, snippet); a hit in a PDF names its page (page, shown as "papers/x.pdf p. 37"): cite it with the page.',
  input: z.object({
    query: queryText.describe('Words to look for, e.g. "dentist appointment" or "acme launch date".'),
    mode: searchMode
      .optional()
      .describe(
        '"fast" = keyword (BM25) search, always current; "deep" = semantic hybrid search, slower, and it falls back to fast (saying so) when its models are missing. Default: fast, or the mode the question was asked in.',
      ),
    scope: projectScope.optional(),
    limit: resultLimit.optional().describe(`Maximum number of hits (1-${LIMITS.results}, default ${DEFAULTS.results}).`),
  }),
  output: z.object({ results: z.array(hit), mode: searchMode, degraded: z.string().optional(), partial: z.literal(true).optional() }),
  annotations: READ_ONLY,
  async run({ query, mode, scope, limit }, reader) {
    const result = await reader.search.search({ query, mode: mode ?? reader.defaultMode ?? 'fast', limit: limit ?? DEFAULTS.results, ...(scope ? { scope } : {}) });
    reader.sawSearch?.(result);
    return shown(format(query, result), { ...result });
  },
});
