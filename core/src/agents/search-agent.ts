import { scopeFolder } from '../api/index.js';
import type { ModelClient } from '../llm/index.js';
import { refusingWriter } from '../vault/index.js';
import { runAgentLoop } from './agent-loop.js';
import { buildBootstrap } from './bootstrap.js';
import { SEARCH_MAX_STEPS } from './limits.js';
import { SEARCH_SYSTEM_PROMPT } from './search-prompt.js';
import { newSession, type SessionDeps } from './session.js';
import { answerSources } from './sources.js';
import { TOOL_SETS } from './tool-sets.js';
import type { SearchAnswer, AnswerRequest } from './types.js';

/** The read-only agent: its own session, no write tools, so it can run beside an update. */
export async function runSearchAgent(deps: SessionDeps, model: ModelClient, req: AnswerRequest, maxIterations = SEARCH_MAX_STEPS): Promise<SearchAnswer> {
  const mode = req.mode ?? 'fast';
  const session = newSession({ ...deps, writer: refusingWriter }, 'search', { defaultSearchMode: mode });
  const context = await buildBootstrap(session);
  const scope = req.scope ? `\nLimit yourself to ${scopeFolder(req.scope)} unless the answer is clearly elsewhere.` : '';
  const task = [{ type: 'text' as const, text: `Question:\n<question>\n${req.query}\n</question>\nSearch mode: ${mode}.${scope}` }];
  const result = await runAgentLoop({
    model,
    system: SEARCH_SYSTEM_PROMPT,
    context,
    task,
    tools: TOOL_SETS.search,
    session,
    maxIterations,
    ...(req.onToolCall ? { onToolCall: req.onToolCall } : {}),
    ...(req.signal ? { signal: req.signal } : {}),
    ...(req.onRetry ? { onRetry: req.onRetry } : {}),
  });
  const looked = [...session.read].slice(0, 10);
  const markdown =
    result.text ||
    `_The search agent stopped before writing an answer${result.stopped === 'repeating' ? ' (it kept repeating the same calls)' : ''}.${looked.length ? ` It looked at ${looked.join(', ')}.` : ''} Try asking more narrowly._`;
  return {
    markdown,
    sources: answerSources(session, markdown),
    mode,
    ...(session.degraded ? { degraded: session.degraded } : {}),
    usage: result.usage,
  };
}
