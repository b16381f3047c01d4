import { ModelError } from './model-error.js';
import type { ChatParams, Compat } from './openai-wire.js';

/**
 * What OpenAI-compatible servers answer when a model cannot do something, as they word it:
 * Ollama "registry.ollama.ai/library/llama2:latest does not support tools" (400); vLLM
 * '"auto" tool choice requires --enable-auto-tool-choice' (400); llama.cpp "tools param requires
 * --jinja flag" (400/500); LM Studio and routers "… tool use is not supported …".
 */
const NO_TOOLS =
  /does not support tools|tools? (?:use |calling |calls )?(?:is |are )?not supported|not support(?:ed)? (?:for )?tool|tool[ _-]?(?:use|call(?:ing|s)?|choice)[^.]{0,40}(?:not (?:supported|enabled|available)|requires)|enable-auto-tool-choice|requires --jinja/i;
const NO_IMAGES = /image|vision|multi-?modal|mmproj/i;

export function isToolsUnsupported(err: ModelError): boolean {
  return err.status !== undefined && err.status >= 400 && NO_TOOLS.test(err.message);
}

/** The same error, marked so that nothing retries it and /health can say what is wrong. */
export function toolsUnsupportedError(err: ModelError, model: string): ModelError {
  return new ModelError(
    `model "${model}" cannot call tools, and Knower's agents need tool calling (the server said: ${err.message.replace(/^model error /, '')}). ` +
      'Choose a model with tool support in KNOWER_MODEL (for Ollama e.g. llama3.1, qwen2.5, qwen3, mistral-nemo; for llama.cpp start llama-server with --jinja).',
    { retryable: false, ...(err.status !== undefined ? { status: err.status } : {}), kind: 'tools-unsupported', cause: err },
  );
}

/**
 * Adapts `compat` to a refusal the next request can avoid, and says whether it did: a model that
 * takes no images gets them as a note (the files stay in the vault), a model that wants
 * `max_completion_tokens` gets it, a server that knows no `stream_options` goes without usage
 * figures. Anything else is a real error.
 */
export function adaptToRefusal(err: ModelError, compat: Compat, params: ChatParams): boolean {
  if (err.status === undefined || err.status < 400 || err.status === 429) return false;
  const sentImages = params.messages.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));
  if (sentImages && compat.images && NO_IMAGES.test(err.message)) {
    compat.images = false;
    return true;
  }
  if (compat.maxTokensField === 'max_tokens' && /max_completion_tokens/.test(err.message)) {
    compat.maxTokensField = 'max_completion_tokens';
    return true;
  }
  if (compat.streamUsage && /stream_options/.test(err.message)) {
    compat.streamUsage = false;
    return true;
  }
  return false;
}
