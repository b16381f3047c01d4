import { open, readdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Whether qmd's model weights are on disk, found the way qmd 2.8.3 finds them, without
 * starting qmd: without weights `qmd embed`/`query` hang for minutes retrying a download.
 */
export interface ModelState {
  /** The embedding model is present: `qmd embed` can run. */
  embed: boolean;
  /** All three models are present: the hybrid query (expansion, vectors, rerank) can run. */
  deep: boolean;
  missing: string[];
  cacheDir: string;
  /** Each model qmd would load, and whether it is on disk. */
  models: { role: ModelRole; uri: string; present: boolean }[];
}

export type ModelRole = 'embed' | 'generate' | 'rerank';
export const ROLE_NAMES: Record<ModelRole, string> = { embed: 'embedding', generate: 'query expansion', rerank: 'reranking' };

// qmd 2.8.3's built-in defaults (dist/llm.js); index.yml `models:` and QMD_*_MODEL override them.
const QMD_DEFAULT_MODELS: Record<ModelRole, string> = {
  embed: 'hf:ggml-org/embeddinggemma-300M-GGUF/embeddinggemma-300M-Q8_0.gguf',
  generate: 'hf:tobil/qmd-query-expansion-1.7B-gguf/qmd-query-expansion-1.7B-q4_k_m.gguf',
  rerank: 'hf:ggml-org/Qwen3-Reranker-0.6B-Q8_0-GGUF/qwen3-reranker-0.6b-q8_0.gguf',
};
const ENV_NAMES: Record<ModelRole, string> = { embed: 'QMD_EMBED_MODEL', generate: 'QMD_GENERATE_MODEL', rerank: 'QMD_RERANK_MODEL' };

/** qmd's model cache: $XDG_CACHE_HOME/qmd/models, else $HOME/.cache/qmd/models. */
function modelCacheDir(env: NodeJS.ProcessEnv): string {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'qmd', 'models');
  return join(env.HOME || homedir(), '.cache', 'qmd', 'models');
}

export async function detectModels(env: NodeJS.ProcessEnv, configFile: string): Promise<ModelState> {
  const cacheDir = modelCacheDir(env);
  const configured = await configuredModels(configFile);
  const entries = await readdir(cacheDir).catch(() => [] as string[]);
  const present = {} as Record<ModelRole, boolean>;
  const models: ModelState['models'] = [];
  for (const role of Object.keys(QMD_DEFAULT_MODELS) as ModelRole[]) {
    const uri = configured[role] ?? (env[ENV_NAMES[role]]?.trim() || QMD_DEFAULT_MODELS[role]);
    present[role] = await modelPresent(uri, cacheDir, entries);
    models.push({ role, uri, present: present[role] });
  }
  const missing = (Object.keys(present) as ModelRole[]).filter((r) => !present[r]).map((r) => ROLE_NAMES[r]);
  return { embed: present.embed, deep: missing.length === 0, missing, cacheDir, models };
}

/** Same test as `qmd doctor`: a `.gguf` in the cache whose name contains the file name, with GGUF magic. */
async function modelPresent(uri: string, cacheDir: string, entries: string[]): Promise<boolean> {
  if (!uri.startsWith('hf:')) return hasGgufMagic(resolve(cacheDir, uri));
  const fileName = uri.split('/').pop() ?? '';
  const candidates = entries.filter((e) => e.endsWith('.gguf') && fileName !== '' && e.includes(fileName));
  for (const candidate of candidates) {
    if (await hasGgufMagic(join(cacheDir, candidate))) return true;
  }
  return false;
}

async function hasGgufMagic(path: string): Promise<boolean> {
  try {
    const file = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
      return bytesRead === 4 && buffer.toString('latin1') === 'GGUF';
    } finally {
      await file.close();
    }
  } catch {
    return false;
  }
}

/** The `models:` block qmd writes into index.yml; a flat mapping, so a line scan reads it. */
async function configuredModels(configFile: string): Promise<Partial<Record<ModelRole, string>>> {
  const text = await readFile(configFile, 'utf8').catch(() => '');
  const out: Partial<Record<ModelRole, string>> = {};
  let inModels = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line)) inModels = /^models:\s*$/.test(line);
    const entry = inModels ? /^\s+(embed|generate|rerank):\s*(.+?)\s*$/.exec(line) : null;
    if (entry?.[1] && entry[2]) out[entry[1] as ModelRole] = entry[2].replace(/^(["'])(.*)\1$/, '$2');
  }
  return out;
}

export interface ModelDetector {
  get(): Promise<ModelState>;
  last(): ModelState | undefined;
  /** Looks again now (after a download). */
  refresh(): Promise<ModelState>;
}

/** Re-checks at most every `ttlMs`, so weights pulled later are noticed without a restart. */
export function createModelDetector(env: NodeJS.ProcessEnv, configFile: string, ttlMs = 60_000): ModelDetector {
  let cached: { at: number; state: Promise<ModelState> } | undefined;
  let settled: ModelState | undefined;
  return {
    get() {
      if (!cached || Date.now() - cached.at > ttlMs) {
        const state = detectModels(env, configFile).then((s) => (settled = s));
        cached = { at: Date.now(), state };
      }
      return cached.state;
    },
    last: () => settled,
    refresh() {
      cached = undefined;
      return this.get();
    },
  };
}
