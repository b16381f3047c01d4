/**
 * The three systems the recall bench compares, each a function from a question to a ranking of
 * vault-relative paths (best first, up to 10): Knower's fast search through the running
 * service, and the two BM25 baselines over the same notes.
 */
import path from 'node:path';
import { stemmer } from 'stemmer';
import { createBm25 } from './bm25.js';

export type Ranker = (question: string) => Promise<string[]>;

const LIMIT = 10;

/** Title (the file's name) and body (the text after any frontmatter) as one field. */
function bm25Text(rel: string, text: string): string {
  const body = text.startsWith('---\n') ? text.slice(text.indexOf('\n---\n', 4) + 5) : text;
  return `${path.basename(rel, '.md')}\n${body}`;
}

export function baselines(files: Map<string, string>): { bm25: Ranker; porter: Ranker } {
  const docs = [...files].map(([id, text]) => ({ id, text: bm25Text(id, text) }));
  const plain = createBm25(docs);
  const stemmed = createBm25(docs, { stem: stemmer });
  return {
    bm25: async (q) => plain.search(q, LIMIT).map((h) => h.id),
    porter: async (q) => stemmed.search(q, LIMIT).map((h) => h.id),
  };
}

interface SearchReply {
  results: { path: string }[];
  degraded?: string | boolean | null;
  partial?: boolean | null;
}

/** Knower's fast search as the app asks it: GET /vault/search, mode fast, 10 results. */
export function knowerSearch(base: string): Ranker {
  return async (q) => {
    const res = await fetch(`${base}/vault/search?q=${encodeURIComponent(q)}&mode=fast&limit=${LIMIT}`);
    if (!res.ok) throw new Error(`search for "${q}" answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as SearchReply;
    // A degraded or partial answer would measure the index's state, not its ranking.
    if (body.degraded || body.partial) throw new Error(`search for "${q}" was ${body.degraded ? `degraded (${String(body.degraded)})` : 'partial'}`);
    return body.results.map((h) => h.path);
  };
}
