import { z } from 'zod';
import { DEFAULTS, LIMITS, passageSchema, projectScope, queryText, resultLimit, searchContext, searchMode, textSpanSchema } from '../api/index.js';
import type { SearchHit, SearchResult } from '../search/index.js';
import { adviceField, READ_ONLY, shown } from '../tools/index.js';
import { defineReadTool } from './reader.js';

const hit = z.object({
  path: z.string(),
  title: z.string(),
  score: z.number(),
  snippet: z.string(),
  truncated: z.string().optional(),
  page: z.number().optional(),
  passage: passageSchema.optional(),
  text: z.string().optional(),
  textSpan: textSpanSchema.optional(),
});

// Every line of the note's text is framed by the indent and a bar: a line of the note can hold anything.
const framed = (text: string, mark: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => `   ${mark} ${line}`)
    .join('\n');

/** Where the hit's best passage is: its heading path and lines, to read with read (lines) or section (heading). */
function where(h: SearchHit): string {
  if (!h.passage) return '';
  const path = h.passage.headings.length ? `${h.passage.headings.join(' > ')} · ` : '';
  return `\n   § ${path}lines ${h.passage.from}-${h.passage.to}`;
}

/** The bound on a hit's text (search/worker/passage.ts), as the model is told it. */
const MAX_TEXT_NOTE = '4,000 characters';

/** The passage with its neighbours, when asked for: what it covers, and where the per-hit bound cut it. */
function textOf(h: SearchHit & { text: string }): string {
  const span = h.textSpan;
  const covers = span ? `${span.of === 'pages' ? 'pages' : 'lines'} ${span.from}-${span.to}` : 'text';
  const cut = span?.cut ? ` (cut at ${MAX_TEXT_NOTE}: read ${span.of === 'pages' ? 'the pages around it' : 'the lines around it'} for more)` : '';
  return `\n   ${covers}${cut}:\n${framed(h.text, '|')}`;
}

/** What to do with the hits (or with none). */
function adviceOn(query: string, result: SearchResult): string {
  if (result.results.length === 0) return `No matches for "${query}". Try other words, or explore the vault with the tree tool.`;
  return result.results.some((h) => h.text !== undefined)
    ? 'Texts are the files as they are now, around the best passage: read a file before changing it.'
    : 'Snippets are excerpts: read the lines of a passage (or ask again with context) before relying on it, and read a file before changing it.';
}

function format(query: string, result: SearchResult, advice: string): string {
  const head =
    (result.degraded ? `(search degraded: ${result.degraded})\n` : '') +
    (result.partial ? '(the vault is still being indexed for the first time: notes not reached yet are missing from these results)\n' : '');
  if (result.results.length === 0) return `${head}${advice}`;
  const hits = result.results.map((h, i) => {
    // A PDF's page, so the answer can cite it ("papers/x.pdf p. 37"); what part of it search covers, when not all.
    const page = h.page ? ` p. ${h.page}` : '';
    const part = h.truncated ? ` (${h.truncated})` : '';
    const body = h.text !== undefined ? textOf({ ...h, text: h.text }) : `\n${framed(h.snippet, '>')}`;
    return `${i + 1}. ${h.path}${page} — ${h.title}${part}${where(h)}${body}`;
  });
  return `${head}${hits.join('\n')}\n\n${advice}`;
}

export const searchTool = defineReadTool({
  name: 'search',
  title: 'Search the vault',
  description:
    "Keyword or semantic search over the notes of the user's vault: every markdown note, wherever it lives, except overview.md, profile.md and inbox/; keyword search also covers the PDFs by their text. " +
    'Use it to find which notes mention a topic, person or project (before deciding where information belongs, or to find passages that answer a question), then open them with read. ' +
    'Returns ranked hits (path, title, snippet) with the best passage of each: its heading path and lines (§ Setup > Install · lines 40-62), a turn in a conversation note; a hit in a PDF names its page (page, shown as "papers/x.pdf p. 37"): cite it with the page. ' +
    "Pass context to get each passage's text with that many neighbouring passages (sections, turns, pages) on each side, at most 4,000 characters a hit: often enough to answer without reading whole notes. " +
    'To find a file by its name rather than by what it says, use find.',
  input: z.object({
    query: queryText.describe('Words to look for, e.g. "dentist appointment" or "acme launch date".'),
    mode: searchMode
      .optional()
      .describe(
        '"fast" = keyword (BM25) search, always current; "deep" = semantic hybrid search, slower, and it falls back to fast (saying so) when its models are missing. Default: fast, or the mode the question was asked in.',
      ),
    scope: projectScope.optional(),
    limit: resultLimit.optional().describe(`Maximum number of hits (1-${LIMITS.results}, default ${DEFAULTS.results}).`),
    context: searchContext
      .optional()
      .describe(
        `With it, each hit brings the text of its best passage and this many neighbouring passages on each side (0-${LIMITS.contextPassages}; 0 = the passage alone), read from the file now, at most 4,000 characters. Without it, a snippet only.`,
      ),
  }),
  output: z.object({ results: z.array(hit), mode: searchMode, degraded: z.string().optional(), partial: z.literal(true).optional(), advice: adviceField }),
  annotations: READ_ONLY,
  async run({ query, mode, scope, limit, context }, reader) {
    const shape = { ...(scope ? { scope } : {}), ...(context !== undefined && { context }) };
    const result = await reader.search.search({ query, mode: mode ?? reader.defaultMode ?? 'fast', limit: limit ?? DEFAULTS.results, ...shape });
    reader.sawSearch?.(result);
    const advice = adviceOn(query, result);
    return shown(format(query, result, advice), { ...result, advice });
  },
});
