import { z } from 'zod';
import { DEFAULTS, findSchema, LIMITS, queryText, resultLimit } from '../api/index.js';
import { indexViewsOf, type IndexEntry } from '../vault/index.js';
import { adviceField, READ_ONLY, shown } from '../tools/index.js';
import { defineReadTool } from './reader.js';

function describe(entry: IndexEntry): string {
  const size = entry.kind === 'note' ? `${entry.tokens ?? Math.ceil(entry.size / 4)} tokens` : `${entry.size} bytes`;
  return `${entry.path} (${entry.kind}, ${size}${entry.updated ? `, updated ${entry.updated.slice(0, 10)}` : ''})`;
}

export const findTool = defineReadTool({
  name: 'find',
  title: 'Find files by name',
  description:
    "Look up files of the user's vault by their name or path, as the app's quick switcher does: every word must appear in the path (case does not matter); the file named exactly so comes first, then names starting with it, then names holding every word, then other paths, shorter first. " +
    'Use it when you know what a file is called or where it lives ("git", "acme state", "2024-05 meeting", "projects/acme/"); use search to find notes by what they say. ' +
    'Returns paths to open with read (or outline and section).',
  input: z.object({
    query: queryText.describe('Words of the file name or path, e.g. "tar" or "acme design".'),
    limit: resultLimit.optional().describe(`Maximum number of files (1-${LIMITS.results}, default ${DEFAULTS.names}).`),
  }),
  output: findSchema.extend({ advice: adviceField }),
  annotations: READ_ONLY,
  async run({ query, limit }, reader) {
    const found = indexViewsOf(reader.index).find(query, limit ?? DEFAULTS.names);
    const results = found.results.map(({ path, kind, size, tokens, updated }) => ({ path, kind, size, tokens, updated }));
    if (found.total === 0) {
      const advice = `No file names or paths hold "${query}". Try fewer words, or search for what the note says.`;
      return shown(advice, { results, total: 0, advice });
    }
    const more = found.total > found.results.length ? `${found.total - found.results.length} more (ask with a higher limit or more words).` : '';
    const advice = more ? `${more} Open a file with read (or outline and section).` : 'Open a file with read (or outline and section).';
    const lines = found.results.map((entry, i) => `${i + 1}. ${describe(entry)}`);
    return shown(`${found.total} file${found.total === 1 ? '' : 's'} named like "${query}":\n${lines.join('\n')}${more ? `\n… ${more}` : ''}`, { results, total: found.total, advice });
  },
});
