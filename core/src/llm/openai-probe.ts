import type OpenAI from 'openai';
import type { ModelError } from './model-error.js';
import { adaptToRefusal, isToolsUnsupported, toolsUnsupportedError } from './openai-compat.js';
import type { ChatParams, Compat } from './openai-wire.js';
import type { ToolSupport } from './provider-info.js';

export interface ProbeResult {
  tools: ToolSupport;
  problem?: string;
}

/** The probe's one tool: a server that accepts it lets the model call tools. */
export const PROBE_TOOL = 'knower_probe';

async function servedModels(sdk: OpenAI): Promise<string | undefined> {
  try {
    const ids: string[] = [];
    for await (const model of sdk.models.list()) {
      ids.push(model.id);
      if (ids.length >= 20) break;
    }
    return ids.length ? ids.join(', ') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One request with one tool and an answer of a few tokens, sent at start so /health can tell a model
 * without tool calling (or a wrong name, a refused key, a server that is down) before the first
 * update fails on it. It is cheap: no vault context, and it loads the model of a local server,
 * which the first update would wait for anyway.
 */
export async function probeTools(sdk: OpenAI, model: string, compat: Compat, toError: (err: unknown) => ModelError): Promise<ProbeResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const params: ChatParams = {
      model,
      messages: [{ role: 'user', content: 'Reply with OK.' }],
      tools: [{ type: 'function', function: { name: PROBE_TOOL, description: 'Checks that tools work. Never needs to be called.', parameters: { type: 'object', properties: {} } } }],
      // A few tokens, not one: a model that reasons first may need some to answer at all.
      [compat.maxTokensField]: 8,
    };
    try {
      await sdk.chat.completions.create(params);
      return { tools: 'supported' };
    } catch (err) {
      const error = toError(err);
      if (isToolsUnsupported(error)) return { tools: 'unsupported', problem: toolsUnsupportedError(error, model).message };
      if (adaptToRefusal(error, compat, params)) continue;
      if (error.status === 404) {
        const served = await servedModels(sdk);
        return { tools: 'unknown', problem: `model "${model}" is not on the server (${error.message})${served ? `. It serves: ${served}` : ''}. Set KNOWER_MODEL to one of its models.` };
      }
      if (error.status === 401 || error.status === 403) {
        return { tools: 'unknown', problem: `the server refused the request (${error.message}): check OPENAI_API_KEY` };
      }
      return { tools: 'unknown', problem: `could not check the model at start: ${error.message}` };
    }
  }
  return { tools: 'unknown' };
}
