import { z } from 'zod';
import type { SearchResult } from '../../search/index.js';
import { defineMcpTool, READ_ONLY, toolText } from './tool.js';

const hit = z.object({ path: z.string(), title: z.string(), score: z.number(), snippet: z.string() });

function format(query: string, result: SearchResult): string {
  const head = result.degraded ? `(search degraded: ${result.degraded})\n` : '';
  if (result.results.length === 0) return `${head}No matches for "${query}". Try other words, or list the vault with the tree tool.`;
  const hits = result.results.map((h, i) => {
    const snippet = h.snippet.trim().split('\n').map((line) => `   > ${line}`).join('\n');
    return `${i + 1}. ${h.path} — ${h.title}\n${snippet}`;
  });
  return `${head}${hits.join('\n')}\n\nSnippets are excerpts: read a file before relying on it.`;
}

export const searchTool = defineMcpTool({
  name: 'search',
  title: 'Search the vault',
  description:
    "Keyword or semantic search over the notes in the user's Knower vault (projects/, bucket/, the global changelog.md and tasks.md). " +
    'Use it to find which notes mention a topic, person or project, then open them with read. ' +
    'Returns ranked hits (path, title, snippet), no model involved; for a written answer to a question use ask.',
  input: z.object({
    query: z.string().min(1).max(500).describe('Words to look for, e.g. "dentist appointment" or "acme launch date".'),
    mode: z
      .enum(['fast', 'deep'])
      .default('fast')
      .describe('"fast" = keyword (BM25) search, always current; "deep" = semantic hybrid search, slower, and it falls back to fast (saying so) when its models are missing.'),
    scope: z
      .string()
      .regex(/^project:[^/\\.][^/\\]*$/, 'scope must look like "project:<name>"')
      .optional()
      .describe('Restrict to one project: "project:<folder name under projects/>", e.g. "project:acme".'),
    limit: z.number().int().min(1).max(50).default(10).describe('Maximum number of hits (1-50, default 10).'),
  }),
  output: z.object({ results: z.array(hit), mode: z.enum(['fast', 'deep']), degraded: z.string().optional() }),
  annotations: READ_ONLY,
  async run({ query, mode, scope, limit }, deps) {
    const result = await deps.search.search({ query, mode, limit, ...(scope ? { scope } : {}) });
    return toolText(format(query, result), { ...result });
  },
});
