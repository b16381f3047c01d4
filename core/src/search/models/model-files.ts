/**
 * Where qmd's models come from and what they are called on disk. qmd loads them through
 * node-llama-cpp, which looks for `hf_<user>_<file>` in the cache (with the repository's name
 * too when the file is not named after it) and downloads anything else: a file saved under
 * any other name would be fetched again on first use.
 */
export interface ModelSource {
  /** e.g. hf:ggml-org/embeddinggemma-300M-GGUF/embeddinggemma-300M-Q8_0.gguf */
  uri: string;
  /** The file name in qmd's model cache. */
  fileName: string;
  /** Path on a Hugging Face endpoint: <user>/<repo>/resolve/main/<file>. */
  urlPath: string;
}

const SAFE = /^[A-Za-z0-9._-]+$/;

/** A model's source, or null for what cannot be downloaded by name (a local path, a nested file, an odd name). */
export function modelSource(uri: string): ModelSource | null {
  if (!uri.startsWith('hf:')) return null;
  const [user, repo, file, ...rest] = uri.slice(3).split('/');
  if (!user || !repo || !file || rest.length > 0 || ![user, repo, file].every((p) => SAFE.test(p)) || !file.toLowerCase().endsWith('.gguf')) return null;
  const named = repo.toLowerCase().endsWith('-gguf') && file.slice(0, -'.gguf'.length).toLowerCase().startsWith(repo.slice(0, -'-gguf'.length).toLowerCase());
  return {
    uri,
    fileName: `hf_${user}_${named ? '' : `${repo}_`}${file}`,
    urlPath: `${user}/${repo}/resolve/main/${file}`,
  };
}
