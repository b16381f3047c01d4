import path from 'node:path';
import { isNote, parseNote, readTextIfExists } from '../../vault/index.js';
import type { SearchHit, SearchResult } from '../../search/index.js';
import { holds, indexedForm, keywordsOf, present, type Keyword } from './keywords.js';
import type { SessionDeps } from '../session.js';
import type { SearchAnswer, AnswerRequest } from '../types.js';

export const OFFLINE_LABEL = '> **Offline mode:** no model is configured, so this is not a written answer: these are the passages in your vault that best match your question.';

const MAX_PASSAGE = 700;
/**
 * Characters of one note cut into words to choose its passage: this runs in the service's own
 * thread, and a note may hold a long PDF's text. Past it, the search's snippet stands.
 */
const CUT_BUDGET = 100_000;

/**
 * The paragraph of the note that holds the most of the question's keywords, cut into words as
 * the keywords were (the hit's snippet if none, or if it is a PDF).
 */
async function bestPassage(root: string, hit: SearchHit, words: Keyword[]): Promise<string> {
  const text = isNote(hit.path) ? await readTextIfExists(path.join(root, hit.path)) : undefined;
  const paragraphs =
    text === undefined
      ? []
      : parseNote(text)
          .body.split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean);
  let best = { score: 0, text: hit.snippet.trim() };
  let budget = CUT_BUDGET;
  for (const p of paragraphs) {
    const candidates = present(p, words);
    if (candidates.length === 0) continue;
    budget -= p.length;
    if (budget < 0) break;
    const form = indexedForm(p);
    // A bare heading names the topic but answers nothing: prose wins a tie.
    const heading = /^#{1,6}\s/.test(p) && !p.includes('\n');
    const score = candidates.filter((w) => holds(form, w)).length - (heading ? 0.5 : 0);
    if (score > best.score) best = { score, text: p };
  }
  return best.text.length > MAX_PASSAGE ? `${best.text.slice(0, MAX_PASSAGE)}…` : best.text;
}

const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

const LIMIT = 5;

/**
 * Hits for all the question's keywords at once; when that finds nothing, for each keyword on
 * its own, ranked by how many keywords a note matched.
 */
async function searchKeywords(deps: SessionDeps, keywords: Keyword[], scope?: string): Promise<SearchResult> {
  const words = keywords.map((k) => k.text);
  const scoped = scope ? { scope } : {};
  const all = await deps.search.search({ query: words.join(' '), mode: 'fast', ...scoped, limit: LIMIT });
  if (all.results.length > 0 || words.length < 2) return all;
  const merged = new Map<string, SearchHit & { matched: number }>();
  for (const word of words.slice(0, 8)) {
    const one = await deps.search.search({ query: word, mode: 'fast', ...scoped, limit: LIMIT });
    for (const hit of one.results) {
      const seen = merged.get(hit.path);
      merged.set(hit.path, { ...(seen ?? hit), matched: (seen?.matched ?? 0) + 1 });
    }
  }
  const results = [...merged.values()]
    .sort((a, b) => b.matched - a.matched)
    .slice(0, LIMIT)
    .map(({ matched: _m, ...hit }) => hit);
  return { ...all, results };
}

/** Questions without a model: the best-matching passages from fast search, labeled as such. */
export async function offlineAnswer(deps: SessionDeps, req: AnswerRequest): Promise<SearchAnswer> {
  req.signal?.throwIfAborted();
  const words = keywordsOf(req.query);
  const result = await searchKeywords(deps, words, req.scope);
  const sections: string[] = [];
  for (const [i, hit] of result.results.entries()) {
    const page = hit.page ? ` p. ${hit.page}` : '';
    sections.push(`### ${i + 1}. ${hit.title}\n\`${hit.path}\`${page}\n\n${quote(await bestPassage(deps.root, hit, words))}`);
  }
  const body = sections.length ? `## Passages matching “${req.query}”\n\n${sections.join('\n\n')}` : `No passages in the vault match “${req.query}”. Try other words, or browse the vault tree.`;
  const degraded = [result.degraded, req.mode === 'deep' ? 'offline mode answers with fast (keyword) search' : undefined].filter(Boolean).join('; ');
  return {
    markdown: `${OFFLINE_LABEL}\n\n${body}\n`,
    sources: result.results.map((h) => h.path),
    mode: 'fast',
    ...(degraded ? { degraded } : {}),
    offline: true,
  };
}
