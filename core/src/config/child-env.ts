/**
 * What the service's children (the search worker, the qmd CLI, git) may see of its environment:
 * an allow-list, so that API keys, KNOWER_TOKEN and whatever else the person exported never
 * reach a process that does not need them (qmd's model download, a git hook, a crash dump).
 */
const NAMES = new Set([
  // Finding programs, the home folder (qmd's model cache), temp files, language and time.
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LANGUAGE',
  'TZ',
  'XDG_CACHE_HOME',
  // Windows needs these to start any program.
  'SYSTEMROOT',
  'SystemRoot',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  // qmd turns its model operations off under CI; colours off.
  'CI',
  'NO_COLOR',
  // qmd downloads its models from Hugging Face: through the person's proxy and certificates.
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HF_ENDPOINT',
  // The allocator's arena cap the service starts with (node-flags.ts): its workers keep it.
  'MALLOC_ARENA_MAX',
]);

/** qmd's own settings (QMD_EMBED_MODEL…), llama.cpp's (NODE_LLAMA_CPP_GPU…), the locale's parts. */
const PREFIXES = ['QMD_', 'NODE_LLAMA_CPP_', 'LC_'];

export function childEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const allowed: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (NAMES.has(key) || PREFIXES.some((prefix) => key.startsWith(prefix))) allowed[key] = value;
  }
  return allowed;
}
