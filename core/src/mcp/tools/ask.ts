import { z } from 'zod';
import { isModelError } from '../../agents/index.js';
import { projectScope, queryText, searchMode } from '../../api/index.js';
import { defineMcpTool, READ_ONLY, toolError, toolText } from './tool.js';

export const askTool = defineMcpTool({
  name: 'ask',
  title: 'Ask the vault',
  description:
    "Ask Knower's search agent a question about what the user has stored in their vault; it searches and reads the notes itself and answers in markdown, citing the files it used. " +
    'Use it for questions that need reading several notes ("what did we decide about the acme launch?"); use search for raw hits and read for one note. ' +
    'It is read-only and may take tens of seconds.',
  input: z.object({
    question: queryText.describe('The question, in natural language, e.g. "When is the acme launch and what blocks it?".'),
    mode: searchMode
      .default('fast')
      .describe('Search mode the agent uses: "fast" (keyword, default) or "deep" (semantic; slower, falls back to fast when unavailable).'),
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
    if (!question.trim()) return toolError('The question is empty: ask something about the vault.');
    try {
      const answer = await deps.agents.answer({ query: question, mode, ...(scope ? { scope } : {}) });
      const sources = answer.sources.length ? `\n\nSources:\n${answer.sources.map((s) => `- ${s}`).join('\n')}` : '';
      const { markdown, mode: used, degraded, offline } = answer;
      return toolText(`${markdown}${sources}`, {
        markdown,
        sources: answer.sources,
        mode: used,
        ...(degraded ? { degraded } : {}),
        ...(offline ? { offline } : {}),
      });
    } catch (err) {
      if (!isModelError(err)) throw err;
      return toolError(`Knower's model could not answer (${err.message}). Try again in a minute, or use search and read directly.`);
    }
  },
});
