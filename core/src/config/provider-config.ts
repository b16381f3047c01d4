/**
 * Which model provider answers, from the environment. The rule, in order:
 * 1. KNOWER_PROVIDER when set (anthropic, openai or offline);
 * 2. else ANTHROPIC_API_KEY set → anthropic (as before this setting existed);
 * 3. else OPENAI_BASE_URL set → openai (a local or hosted OpenAI-compatible server);
 * 4. else offline.
 * OPENAI_API_KEY alone never switches provider: many machines export it for other tools, and
 * Knower must not start calling a paid API (or refuse to start) because of it.
 */
export type ProviderConfig =
  | { name: 'offline' }
  | { name: 'anthropic'; apiKey: string; baseURL?: string; model: string; searchModel: string; timeoutMs: number }
  | { name: 'openai'; baseURL: string; apiKey?: string; model: string; searchModel: string; timeoutMs: number; stream: boolean };

export interface ProviderEnv {
  KNOWER_PROVIDER?: 'anthropic' | 'openai' | 'offline' | undefined;
  ANTHROPIC_API_KEY?: string | undefined;
  ANTHROPIC_BASE_URL?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_API_KEY?: string | undefined;
  KNOWER_MODEL?: string | undefined;
  KNOWER_SEARCH_MODEL?: string | undefined;
  KNOWER_MODEL_TIMEOUT_S?: number | undefined;
  KNOWER_OPENAI_STREAM?: '0' | '1' | 'true' | 'false' | undefined;
}

export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';
const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** Anthropic answers within this; a local model may first have to load, then run on a CPU. */
const DEFAULT_TIMEOUT_S = { anthropic: 120, openai: 300 } as const;

/** Every OpenAI-compatible server lives under /v1: "http://localhost:11434" means ".../v1". */
function normalizeBaseURL(url: string): string {
  const parsed = new URL(url);
  if (parsed.pathname === '' || parsed.pathname === '/') parsed.pathname = '/v1';
  return parsed.toString().replace(/\/+$/, '');
}

const problem = (key: string, value: string | undefined, message: string) => `  ${key}=${JSON.stringify(value ?? '')}: ${message}`;

export function resolveProvider(e: ProviderEnv): { ok: true; provider: ProviderConfig } | { ok: false; problems: string[] } {
  const name = e.KNOWER_PROVIDER ?? (e.ANTHROPIC_API_KEY ? 'anthropic' : e.OPENAI_BASE_URL ? 'openai' : 'offline');
  if (name === 'offline') return { ok: true, provider: { name } };
  const timeoutMs = (e.KNOWER_MODEL_TIMEOUT_S ?? DEFAULT_TIMEOUT_S[name]) * 1000;
  if (name === 'anthropic') {
    if (!e.ANTHROPIC_API_KEY) return { ok: false, problems: [problem('KNOWER_PROVIDER', name, 'needs ANTHROPIC_API_KEY')] };
    const model = e.KNOWER_MODEL ?? DEFAULT_ANTHROPIC_MODEL;
    return {
      ok: true,
      provider: { name, apiKey: e.ANTHROPIC_API_KEY, ...(e.ANTHROPIC_BASE_URL ? { baseURL: e.ANTHROPIC_BASE_URL } : {}), model, searchModel: e.KNOWER_SEARCH_MODEL ?? model, timeoutMs },
    };
  }
  const problems: string[] = [];
  if (!e.OPENAI_BASE_URL && !e.OPENAI_API_KEY) {
    problems.push(problem('KNOWER_PROVIDER', name, `needs OPENAI_BASE_URL (a local server, e.g. http://127.0.0.1:11434/v1 for Ollama) or OPENAI_API_KEY (for ${OPENAI_DEFAULT_BASE_URL})`));
  }
  // No default: which models a local server has is the user's choice, and guessing one fails later and less clearly.
  if (!e.KNOWER_MODEL) {
    problems.push(
      problem(
        'KNOWER_MODEL',
        e.KNOWER_MODEL,
        'is required with the openai provider: name a model your server serves (Ollama: `ollama list`; any server: GET <OPENAI_BASE_URL>/models), e.g. llama3.1:8b',
      ),
    );
  }
  if (problems.length || !e.KNOWER_MODEL) return { ok: false, problems };
  return {
    ok: true,
    provider: {
      name,
      baseURL: normalizeBaseURL(e.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL),
      ...(e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY } : {}),
      model: e.KNOWER_MODEL,
      searchModel: e.KNOWER_SEARCH_MODEL ?? e.KNOWER_MODEL,
      timeoutMs,
      stream: e.KNOWER_OPENAI_STREAM !== '0' && e.KNOWER_OPENAI_STREAM !== 'false',
    },
  };
}
