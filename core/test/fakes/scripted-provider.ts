import type { AgentsDeps } from '../../src/agents/index.js';
import * as anthropic from './fake-anthropic-server.js';
import * as openai from './fake-openai-server.js';
import { updateIdOf as anthropicUpdateId } from './scripted-model.js';

/**
 * Either fake model server behind one script vocabulary, so a behaviour both providers must share
 * (loops, step budgets, faults, call bounds) is tested once and run against each, through each
 * real client library.
 */
export type ProviderName = 'anthropic' | 'openai';

export type Step =
  | { tools: Array<[name: string, input: Record<string, unknown>]> }
  | { text: string }
  | { status: number }
  /** Decided when the request arrives, from the id of the update being run. */
  | { forUpdate: (id: string) => Step };

export const tools = (...calls: Array<[string, Record<string, unknown>]>): Step => ({ tools: calls });
export const answer = (text: string): Step => ({ text });
export const fault = (status: number): Step => ({ status });
export const forUpdate = (respond: (id: string) => Step): Step => ({ forUpdate: respond });

export interface ScriptedModel {
  provider: ProviderName;
  /** Chat requests the server received (start-up probes excluded). */
  calls(): number;
  remaining(): number;
  push(...steps: Step[]): void;
  /** The agents' settings pointing at this server. */
  deps(): Pick<AgentsDeps, 'anthropic' | 'openai'>;
  /** The service's environment pointing at this server. */
  env(opts?: { stream?: boolean }): Record<string, string>;
  close(): Promise<void>;
}

function toAnthropic(step: Step): anthropic.ScriptStep {
  if ('forUpdate' in step) return { kind: 'dynamic', respond: (req) => toAnthropic(step.forUpdate(anthropicUpdateId(req))) };
  if ('status' in step) return anthropic.apiError(step.status);
  if ('text' in step) return anthropic.turn(anthropic.text(step.text));
  return anthropic.turn(...step.tools.map(([name, input]) => anthropic.toolUse(name, input)));
}

function toOpenAI(step: Step): openai.ScriptStep {
  if ('forUpdate' in step) return { kind: 'dynamic', respond: (req) => toOpenAI(step.forUpdate(openai.updateIdOf(req))) };
  if ('status' in step) return openai.apiError(step.status);
  if ('text' in step) return openai.say(step.text);
  return openai.calls(...step.tools.map(([name, input]) => openai.toolCall(name, input)));
}

export async function startScriptedModel(provider: ProviderName, opts: { stream?: boolean } = {}): Promise<ScriptedModel> {
  if (provider === 'anthropic') {
    const server = await anthropic.startFakeAnthropicServer();
    return {
      provider,
      calls: () => server.requests.length,
      remaining: () => server.remaining(),
      push: (...steps) => server.push(...steps.map(toAnthropic)),
      deps: () => ({ anthropic: { apiKey: 'sk-test', baseURL: server.baseURL, model: 'claude-test', searchModel: 'claude-test', timeoutMs: 5_000 } }),
      env: () => ({ KNOWER_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: server.baseURL, KNOWER_MODEL: 'claude-test' }),
      close: () => server.close(),
    };
  }
  const server = await openai.startFakeOpenAIServer();
  return {
    provider,
    calls: () => server.requests.length,
    remaining: () => server.remaining(),
    push: (...steps) => server.push(...steps.map(toOpenAI)),
    deps: () => ({ openai: { baseURL: server.baseURL, model: 'llama-test', searchModel: 'llama-test', stream: opts.stream ?? true, timeoutMs: 5_000 } }),
    env: ({ stream } = {}) => ({
      KNOWER_PROVIDER: 'openai',
      OPENAI_BASE_URL: server.baseURL,
      KNOWER_MODEL: 'llama-test',
      KNOWER_OPENAI_STREAM: (stream ?? opts.stream ?? true) ? '1' : '0',
    }),
    close: () => server.close(),
  };
}
