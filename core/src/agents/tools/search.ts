import { z } from 'zod';
import type { SearchResult } from '../../search/index.js';
import { defineTool, done } from './tool.js';

function format(query: string, result: SearchResult): string {
  const head = result.degraded ? `(search degraded: ${result.degraded})\n` : '';
  if (result.results.length === 0) return `${head}No matches for "${query}". Try other words, or explore with tree.`;
  const hits = result.results.map((hit, i) => {
    const snippet = hit.snippet.trim().split('\n').map((l) => `   > ${l}`).join('\n');
    return `${i + 1}. ${hit.path} — ${hit.title}\n${snippet}`;
  });
  return `${head}${hits.join('\n')}\n\nSnippets are excerpts: read a file before relying on it or changing it.`;
}

export const searchTool = defineTool({
  name: 'search',
  description:
    'Full-text search over the indexed notes (changelog.md, tasks.md, projects/, bucket/; not overview.md, profile.md or inbox/). ' +
    'Use it to find where a topic, person or project already lives before deciding where information goes, or to find passages that answer a question.',
  input: z.object({
    query: z.string().min(1).max(500).describe('Words to look for, e.g. "dentist appointment" or "acme launch date".'),
    mode: z
      .enum(['fast', 'deep'])
      .optional()
      .describe('"fast" = keyword (BM25) search, always current; "deep" = semantic hybrid search, slower and may fall back to fast. Default: the request\'s mode.'),
    scope: z
      .string()
      .regex(/^project:[^/\\.][^/\\]*$/)
      .optional()
      .describe('Restrict to one project: "project:<folder name under projects/>", e.g. "project:acme".'),
  }),
  annotations: { readOnly: true, destructive: false },
  async run({ query, mode, scope }, session) {
    const result = await session.search.search({ query, mode: mode ?? session.defaultSearchMode, ...(scope ? { scope } : {}), limit: 10 });
    for (const hit of result.results) session.surfaced.add(hit.path);
    if (result.degraded) session.degraded = result.degraded;
    return done(format(query, result));
  },
});
