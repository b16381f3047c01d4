import { z } from 'zod';
import { projectScope, queryText, searchMode } from '../../api/index.js';
import { READ_ONLY, refused, shown } from '../../tools/index.js';
import { defineMcpTool } from './tool.js';

export const askTool = defineMcpTool({
  name: 'ask',
  title: 'Ask the vault',
  description:
    "Ask Knower's search agent a question about what the user has stored in their vault; it searches and reads the notes itself and answers in markdown, citing the files it used. " +
    'Use it for questions that need reading several notes ("what did we decide about the acme launch?"); use search for raw hits and read for one note. ' +
    'It is read-only and may take tens of seconds.',
  input: z.object({
    question: queryText.describe('The question, in natural language, e.g. "When is the acme launch and what blocks it?".'),
    mode: searchMode.default('fast').describe('Search mode the agent uses: "fast" (keyword, default) or "deep" (semantic; slower, falls back to fast when unavailable).'),
    scope: projectScope.optional(),
  }),
  output: z.object({
    markdown: z.string(),
    sources: z.array(z.string()),
    mode: searchMode,
    degraded: z.string().optional(),
    offline: z.boolean().optional(),
  }),
  annotations: READ_ONLY,
  async run({ question, mode, scope }, deps) {
    // Asked through the same door as POST /search: kept, announced and listed in Activity.
    const asked = await deps.questions.ask({ query: question, mode, ...(scope ? { scope } : {}) });
    if (!asked.ok) {
      if (asked.error === 'empty_query') return refused('The question is empty: ask something about the vault.');
      if (asked.error === 'cancelled') return refused('The question was stopped before the answer was ready (from the Knower app). Ask again if you still need it.');
      return refused(`Knower: ${asked.message}. Try again in a minute, or use search and read directly.`);
    }
    const { markdown, sources, mode: used, degraded, offline } = asked.answer;
    const cited = sources.length ? `\n\nSources:\n${sources.map((s) => `- ${s}`).join('\n')}` : '';
    return shown(`${markdown}${cited}`, { markdown, sources, mode: used, ...(degraded ? { degraded } : {}), ...(offline ? { offline } : {}) });
  },
});
