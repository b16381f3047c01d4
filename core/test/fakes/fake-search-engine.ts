import type { QmdStatus, SearchEngine, SearchHit, SearchQuery, SearchResult } from '../../src/search/index.js';
import { parseScope } from '../../src/search/index.js';
import { wantedTerms } from '../../src/search/worker/fts-query.js';
import { MemoryStore } from '../../src/search/worker/memory-store.js';
import { readNoteText } from '../../src/search/worker/note-text.js';
import { notePassage } from '../../src/search/worker/passage.js';
import { snippetFor } from '../../src/search/worker/snippet.js';
import { VaultScanner } from '../../src/search/worker/vault-scanner.js';

/** The memory store, plus the texts it was given to index: what the fake searches. */
class TextStore extends MemoryStore {
  readonly texts = new Map<string, { title: string; text: string }>();

  override index(rel: string, title: string, text: string): boolean {
    if (!text.trim()) {
      this.texts.delete(rel);
      return false;
    }
    this.texts.set(rel, { title, text });
    return true;
  }

  override remove(rel: string): string[] {
    this.texts.delete(rel);
    for (const key of [...this.texts.keys()]) if (key.startsWith(`${rel}/`)) this.texts.delete(key);
    return super.remove(rel);
  }
}

/**
 * An in-process search engine with the real one's contract, for suites about what sits around
 * search: the same scanner looks at the files (so listing, facts and indexing rules are the
 * real ones), and search answers from what was last synced only, so freshness bugs show. Notes
 * whose title or text holds every word come first, then notes holding some (never by folder
 * names), as the real ranking does; results are partial until the first pass completes.
 */
/** The real engine's passage (and text, with context), cut from the note as it is on disk now. */
function passageOf(root: string, rel: string, terms: string[], context: number | undefined): Partial<SearchHit> {
  const note = readNoteText(root, rel);
  const best = note && notePassage(note.text, terms, context === undefined ? {} : { context });
  return best ? { passage: best.passage, ...(best.text && { text: best.text.text, textSpan: best.text.span }) } : {};
}

export function createFakeSearchEngine(root: string): SearchEngine & { documents: Map<string, { title: string; text: string }>; syncs: number } {
  const store = new TextStore();
  const scanner = new VaultScanner(root, store);
  let syncs = 0;
  let scanned = false;

  const status = (): QmdStatus => ({
    available: true,
    documents: store.texts.size,
    workerStarts: 0,
    partial: !scanned,
    embeddings: { modelsPresent: false, pending: false, running: false },
  });

  return {
    documents: store.texts,
    get syncs() {
      return syncs;
    },
    init: async () => undefined,
    async scan(onBatch) {
      const progress = await scanner.scan(onBatch, () => new Promise((r) => setImmediate(r)));
      scanned = true;
      return progress;
    },
    async sync(paths) {
      syncs++;
      return scanner.sync(paths);
    },
    async search(q: SearchQuery): Promise<SearchResult> {
      const mode = q.mode ?? 'fast';
      const terms = wantedTerms(q.query);
      const scope = parseScope(q.scope);
      if (!scope.ok) return { results: [], mode, degraded: scope.error };
      const results: SearchHit[] = [];
      for (const [rel, doc] of store.texts) {
        const haystack = `${doc.title}\n${doc.text}`.toLowerCase();
        const hits = terms.filter((w) => haystack.includes(w)).length;
        if (terms.length === 0 || hits === 0 || (scope.prefix && !rel.startsWith(scope.prefix))) continue;
        results.push({ path: rel, title: doc.title, score: hits / terms.length, snippet: snippetFor(doc.text, terms), ...passageOf(root, rel, terms, q.context) });
      }
      results.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
      return {
        results: results.slice(0, q.limit ?? 10),
        mode,
        ...(scanned ? {} : { partial: true as const }),
        ...(mode === 'deep' ? { degraded: 'deep search unavailable in the fake engine' } : {}),
      };
    },
    embed: async () => ({ ok: false, error: 'no models in the fake engine' }),
    pullModels: async () => ({ ok: false, fetched: [], error: 'no network in the fake engine' }),
    models: async () => ({ present: false, missing: ['embedding', 'query expansion', 'reranking'], pull: { running: false } }),
    startEmbedTimer: () => undefined,
    status,
    // No vectors here: every note still needs them, as with qmd before its first embed.
    coverage: async () => ({ documents: store.texts.size, needsEmbedding: store.texts.size }),
    // The texts held are the vault's as last synced: nothing of an older version is kept to drop.
    purge: async () => ({ ok: true }),
    close: async () => undefined,
  };
}
