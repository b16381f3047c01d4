/**
 * The AI half of Knower: the update agent (behind the queue), the read-only search agent, and
 * the offline runner that serves both when no model provider is configured.
 */
import { createCallBudget, OFFLINE_PROVIDER } from '../llm/index.js';
import { writeFailedItem } from './failed-item.js';
import { MAX_MODEL_CALLS_PER_QUESTION, MAX_MODEL_CALLS_PER_UPDATE } from './limits.js';
import { createModelBackend } from './model-backend.js';
import { offlineAnswer, offlineUpdate } from './offline/index.js';
import { runSearchAgent } from './search-agent.js';
import type { Agents, AgentsDeps } from './types.js';
import { runUpdateAgent } from './update-agent.js';

export type { Agents, AgentsDeps, SearchAnswer, AnswerRequest, UpdateInput } from './types.js';
export { ModelError, createCallBudget } from '../llm/index.js';
export { TOOL_SETS } from './tool-sets.js';
export { modelDeps } from './model-backend.js';
export { MAX_MODEL_CALLS_PER_QUESTION, MAX_MODEL_CALLS_PER_UPDATE, MODEL_CALL_RETRIES, UPDATE_MAX_STEPS } from './limits.js';
/** How a note is named after its first line: a forget finds a text in names by it. */
export { slugify } from './slug.js';

export function createAgents(deps: AgentsDeps): Agents {
  const { root, index, search, clock, log } = deps;
  const sessionDeps = {
    root,
    ...(deps.names && { names: deps.names }),
    ...(deps.knowerNotes && { knowerNotes: deps.knowerNotes }),
    ...(deps.toolTimeLimitMs && { toolTimeLimitMs: deps.toolTimeLimitMs }),
    index,
    search,
    clock,
    log,
  };
  const failed: Agents['writeFailedItem'] = (input, error, writer) => writeFailedItem({ root, writer }, input, error);

  const backend = createModelBackend(deps);
  if (!backend) {
    return {
      provider: OFFLINE_PROVIDER,
      runUpdate: (input, run) => offlineUpdate({ ...sessionDeps, writer: run.writer }, deps.capture, input),
      answer: (req) => offlineAnswer(sessionDeps, req),
      writeFailedItem: failed,
    };
  }
  const { status, names, model } = backend;
  return {
    get provider() {
      return status.info();
    },
    runUpdate: (input, run) =>
      runUpdateAgent({ ...sessionDeps, writer: run.writer }, deps.capture, model(names.model, run.budget ?? createCallBudget(MAX_MODEL_CALLS_PER_UPDATE)), input, deps.maxIterations),
    answer: (req) => runSearchAgent(sessionDeps, model(names.searchModel, createCallBudget(MAX_MODEL_CALLS_PER_QUESTION)), req),
    writeFailedItem: failed,
  };
}
