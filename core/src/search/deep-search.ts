import type { ModelDetector } from './models/model-detect.js';
import { prepareQmd, runQmd, type QmdContext } from './qmd-process.js';

/** `lines`: the line of each file qmd's snippet is on (1-based, in the file as qmd read it), where it said. */
export type DeepOutcome = { ok: true; paths: string[]; lines: Record<string, number> } | { ok: false; error: string };

/** "qmd://vault/a b/c.md" → "a b/c.md"; null for other collections or anything odd. */
function vaultRelativePath(file: string, collection: string): string | null {
  const bare = file.startsWith('qmd://') ? file.slice('qmd://'.length) : file;
  if (!bare.startsWith(`${collection}/`)) return null;
  const rel = bare.slice(collection.length + 1);
  return rel !== '' && !rel.split('/').some((s) => s === '' || s === '.' || s === '..') ? rel : null;
}

/** `qmd query --json` prints one JSON array of hits (possibly after other lines): their files, and the line of each snippet. */
function parseQueryFiles(stdout: string, collection: string): { paths: string[]; lines: Record<string, number> } | null {
  const start = stdout.search(/^\[/m);
  if (start < 0) return null;
  try {
    const hits: unknown = JSON.parse(stdout.slice(start));
    if (!Array.isArray(hits)) return null;
    const paths = new Set<string>();
    const lines: Record<string, number> = {};
    for (const h of hits as Array<{ file?: unknown; line?: unknown } | null>) {
      const rel = typeof h?.file === 'string' ? vaultRelativePath(h.file, collection) : null;
      if (rel === null || paths.has(rel)) continue;
      paths.add(rel);
      if (Number.isInteger(h?.line) && (h?.line as number) > 0) lines[rel] = h?.line as number;
    }
    return { paths: [...paths], lines };
  } catch {
    return null;
  }
}

/**
 * qmd's hybrid query (expansion + vectors + rerank) through its CLI, over qmd's own index of the
 * vault. Without the model weights it would hang for minutes retrying a download, so it runs
 * only when they are on disk and the vault has been embedded, one at a time (each loads the
 * models and saturates the CPU), within a deadline.
 */
export function createDeepSearch(ctx: QmdContext, collection: string, models: ModelDetector, timeoutMs: number, embedded: () => boolean) {
  let busy = false;
  return async function deep(query: string, limit: number): Promise<DeepOutcome> {
    const missing = await prepareQmd(ctx);
    if (missing) return { ok: false, error: `deep search unavailable: ${missing}; ran fast search instead` };
    const state = await models.get();
    if (!state.deep) {
      return {
        ok: false,
        error: `deep search unavailable: qmd's models are not downloaded (${state.missing.join(', ')} missing from ${state.cacheDir}; \`./knower models pull\` downloads them); ran fast search instead`,
      };
    }
    if (!embedded())
      return {
        ok: false,
        error: 'deep search is not ready: the vault has not been embedded yet (it is, soon after the models arrive or the vault changes; `./knower embed` does it now); ran fast search instead',
      };
    if (busy) return { ok: false, error: 'deep search busy with another query; ran fast search instead' };
    busy = true;
    try {
      const run = await runQmd(ctx, ['query', '--json', '-n', String(limit), '-c', collection, '--', query], timeoutMs);
      if (!run.ok) return { ok: false, error: `deep search failed (${run.error}); ran fast search instead` };
      const parsed = parseQueryFiles(run.stdout, collection);
      return parsed ? { ok: true, ...parsed } : { ok: false, error: 'deep search printed unreadable output; ran fast search instead' };
    } finally {
      busy = false;
    }
  };
}
