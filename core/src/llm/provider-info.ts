import { isModelError } from './model-error.js';
import type { ModelClient } from './types.js';

export type ToolSupport = 'supported' | 'unsupported' | 'unknown';

/** What /health reports as `provider`: which provider and model answer, and what is wrong if anything. */
export interface ProviderInfo {
  name: 'anthropic' | 'openai' | 'offline';
  model?: string;
  searchModel?: string;
  baseURL?: string;
  tools?: ToolSupport;
  problem?: string;
}

/**
 * The provider as seen from its calls: the start-up probe and every real call update it, so
 * /health says what the last call found (a model without tools, a server that went away) and
 * clears it once a call succeeds again.
 */
export interface ProviderStatus {
  info(): ProviderInfo;
  /** A finding of the start-up probe. */
  probed(found: { tools: ToolSupport; problem?: string }): void;
  /** A call failed and is being retried: visible until a call ends. */
  retrying(message: string): void;
  /** Wraps a client so each call's outcome is recorded. */
  observe(client: ModelClient): ModelClient;
}

/** URLs may carry credentials (https://user:key@host): /health shows the address only. */
function displayURL(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

export function createProviderStatus(base: Omit<ProviderInfo, 'tools' | 'problem'>, tools: ToolSupport): ProviderStatus {
  let support = tools;
  let problem: string | undefined;
  // What a real call found is newer than what the start-up probe found, whichever ends last.
  let called = false;
  const stamp = () => new Date().toISOString().slice(0, 16).replace('T', ' ');
  return {
    info: () => ({ ...base, ...(base.baseURL ? { baseURL: displayURL(base.baseURL) } : {}), tools: support, ...(problem ? { problem } : {}) }),
    probed(found) {
      if (called) return;
      support = found.tools;
      problem = found.problem;
    },
    retrying(message) {
      problem = `${stamp()} UTC: ${message}`;
    },
    observe(client) {
      return {
        model: client.model,
        async complete(request) {
          try {
            const response = await client.complete(request);
            called = true;
            // A call with tools answered: tool calling works, whatever the probe could tell.
            if (request.tools.length > 0) support = 'supported';
            problem = undefined;
            return response;
          } catch (err) {
            called = true;
            if (isModelError(err) && err.kind === 'tools-unsupported') support = 'unsupported';
            // A spent budget, or a run the person stopped, says nothing about the provider.
            if (request.signal?.aborted) throw err;
            if (!isModelError(err) || err.kind !== 'call-budget') problem = `${stamp()} UTC: ${err instanceof Error ? err.message : String(err)}`;
            throw err;
          }
        },
      };
    },
  };
}

/** The keyless case: no agent, deterministic filing. */
export const OFFLINE_PROVIDER: ProviderInfo = { name: 'offline' };
