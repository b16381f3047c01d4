import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { QmdStatus, SearchEngine, SearchHit, SearchQuery, SearchResult } from '../../src/search/index.js';
import { isIndexed, splitNote } from '../../src/vault/index.js';

/**
 * An in-memory search engine with qmd's contract: `update()` re-reads the indexed set from
 * disk, `search()` answers from the last update only (so freshness bugs show), and it
 * counts update runs the way the status does.
 */
export function createFakeSearchEngine(root: string): SearchEngine & { documents: Map<string, string> } {
  const documents = new Map<string, string>();
  let updateRuns = 0;
  let running: Promise<boolean> | undefined;

  async function walk(dir: string, rel = ''): Promise<string[]> {
    const out: string[] = [];
    for (const d of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (d.name.startsWith('.')) continue;
      const childRel = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) out.push(...(await walk(path.join(dir, d.name), childRel)));
      else if (isIndexed(childRel)) out.push(childRel);
    }
    return out;
  }

  async function update(): Promise<boolean> {
    updateRuns++;
    documents.clear();
    for (const rel of await walk(root)) documents.set(rel, await readFile(path.join(root, rel), 'utf8'));
    return true;
  }

  const status = (): QmdStatus => ({
    available: true,
    updateRuns,
    updating: running !== undefined,
    documents: documents.size,
    embeddings: { modelsPresent: false, pending: false, running: false },
  });

  const engine: SearchEngine & { documents: Map<string, string> } = {
    documents,
    init: async () => undefined,
    scheduleUpdate: () => void engine.update(),
    update() {
      running = (running ?? Promise.resolve(true)).then(update).finally(() => (running = undefined));
      return running;
    },
    whenIdle: async () => void (await running),
    async search(q: SearchQuery): Promise<SearchResult> {
      const words = q.query.toLowerCase().split(/\s+/).filter(Boolean);
      const prefix = q.scope?.startsWith('project:') ? `projects/${q.scope.slice(8)}/` : '';
      const results: SearchHit[] = [];
      for (const [rel, text] of documents) {
        const body = splitNote(text).body;
        // Like qmd's BM25: a note matches only when it holds every term (its path counts too).
        const haystack = `${rel}\n${body}`.toLowerCase();
        const hits = words.filter((w) => haystack.includes(w)).length;
        if (hits < words.length || words.length === 0 || !rel.startsWith(prefix)) continue;
        const title = /^#\s+(.+)$/m.exec(body)?.[1] ?? path.basename(rel, '.md');
        results.push({ path: rel, title, score: hits / words.length, snippet: body.trim().slice(0, 200) });
      }
      results.sort((a, b) => b.score - a.score);
      const mode = q.mode ?? 'fast';
      return { results: results.slice(0, q.limit ?? 10), mode, ...(mode === 'deep' ? { degraded: 'deep search unavailable in the fake engine' } : {}) };
    },
    embed: async () => ({ ok: false, error: 'no models in the fake engine' }),
    markChanged: () => undefined,
    startEmbedTimer: () => undefined,
    status,
    close: async () => undefined,
  };
  return engine;
}
