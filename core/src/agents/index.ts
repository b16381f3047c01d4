/**
 * The AI half of Knower: the update agent (behind the queue), the read-only search agent, and
 * the offline runner that serves both when no API key is configured.
 */
import { createAnthropicProvider, providerInfo } from '../llm/index.js';
import { writeFailedItem } from './failed-item.js';
import { offlineAnswer, offlineUpdate } from './offline/index.js';
import { runSearchAgent } from './search-agent.js';
import type { Agents, AgentsDeps } from './types.js';
import { runUpdateAgent } from './update-agent.js';

export type { Agents, AgentsDeps, Answer, AnswerRequest, UpdateImage, UpdateInput, UpdateOutcome, Usage } from './types.js';
export { ModelError, isModelError } from '../llm/index.js';
export { TOOL_SETS } from './tool-sets.js';

export function createAgents(deps: AgentsDeps): Agents {
  const { root, index, search, clock, log } = deps;
  const sessionDeps = { root, index, search, clock, log };
  const failed = (input: Parameters<Agents['writeFailedItem']>[0], error: string) => writeFailedItem(root, input, error);

  if (!deps.anthropic?.apiKey) {
    return {
      provider: providerInfo(),
      runUpdate: (input) => offlineUpdate(sessionDeps, input),
      answer: (req) => offlineAnswer(sessionDeps, req),
      writeFailedItem: failed,
    };
  }
  const { apiKey, baseURL, model, searchModel, maxRetries, timeoutMs } = deps.anthropic;
  const provider = createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}), ...(maxRetries !== undefined ? { maxRetries } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
  const updateModel = provider.model(model);
  const answerModel = provider.model(searchModel);
  return {
    provider: providerInfo({ apiKey, model }),
    runUpdate: (input) => runUpdateAgent(sessionDeps, updateModel, input, deps.maxIterations),
    answer: (req) => runSearchAgent(sessionDeps, answerModel, req),
    writeFailedItem: failed,
  };
}
