import path from 'node:path';
import { parseNote, readTextIfExists } from '../../vault/index.js';
import type { SearchHit } from '../../search/index.js';
import type { SessionDeps } from '../session.js';
import type { Answer, AnswerRequest } from '../types.js';

export const OFFLINE_LABEL = '> **Offline mode:** no model is configured, so this is not a written answer: these are the passages in your vault that best match your question.';

const MAX_PASSAGE = 700;

/** The paragraph of the note that shares the most words with the query (the hit's snippet if none). */
async function bestPassage(root: string, hit: SearchHit, words: string[]): Promise<string> {
  const text = await readTextIfExists(path.join(root, hit.path));
  const paragraphs = text === undefined ? [] : parseNote(text).body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  let best = { score: 0, text: hit.snippet.trim() };
  for (const p of paragraphs) {
    const lower = p.toLowerCase();
    const score = words.filter((w) => lower.includes(w)).length;
    if (score > best.score) best = { score, text: p };
  }
  return best.text.length > MAX_PASSAGE ? `${best.text.slice(0, MAX_PASSAGE)}…` : best.text;
}

const quote = (text: string) => text.split('\n').map((l) => `> ${l}`).join('\n');

/** Questions without a model: the best-matching passages from fast search, labeled as such. */
export async function offlineAnswer(deps: SessionDeps, req: AnswerRequest): Promise<Answer> {
  const result = await deps.search.search({ query: req.query, mode: 'fast', ...(req.scope ? { scope: req.scope } : {}), limit: 5 });
  const words = req.query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2);
  const sections: string[] = [];
  for (const [i, hit] of result.results.entries()) {
    sections.push(`### ${i + 1}. ${hit.title}\n\`${hit.path}\`\n\n${quote(await bestPassage(deps.root, hit, words))}`);
  }
  const body = sections.length
    ? `## Passages matching “${req.query}”\n\n${sections.join('\n\n')}`
    : `No passages in the vault match “${req.query}”. Try other words, or browse the vault tree.`;
  const degraded = [result.degraded, req.mode === 'deep' ? 'offline mode answers with fast (keyword) search' : undefined].filter(Boolean).join('; ');
  return {
    markdown: `${OFFLINE_LABEL}\n\n${body}\n`,
    sources: result.results.map((h) => h.path),
    mode: 'fast',
    ...(degraded ? { degraded } : {}),
    offline: true,
  };
}
