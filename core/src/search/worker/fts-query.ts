/**
 * A person's search words → FTS5 MATCH expressions over the notes' titles and text, bounded in
 * the work they can ask for. Words are cut by word-tokens.ts, exactly as the notes were.
 *
 * - A plain word matches words that start with it (as grep finds it inside longer words that
 *   start with it); a word the tokenizer cuts in pieces (node.js, 知识库, a Thai phrase) is
 *   asked for as a phrase, its last piece a prefix. Quoted text is an exact phrase; `-word`
 *   excludes.
 * - A word of Thai, Lao, Khmer or Myanmar may also sit inside a longer dictionary word (บ้าน in
 *   หมู่บ้าน): `infix` names it, and the search adds the indexed words that contain it.
 * - The search wants every term first, then ranks notes holding some of them (a question typed
 *   as a sentence).
 * - The work is bounded whatever is typed: repeated words count once, at most MAX_TERMS
 *   distinct words (and MAX_EXCLUDED exclusions) are kept, a phrase keeps MAX_PHRASE_TOKENS
 *   tokens, and single letters and digits are matched whole, never as a prefix (a one-letter
 *   prefix is most of the index).
 */
import { normalize, tokenize, type Token } from './word-tokens.js';

export const MAX_TERMS = 16;
export const MAX_EXCLUDED = 6;
export const MAX_PHRASE_TOKENS = 24;

export interface Term {
  /** An FTS5 phrase, e.g. `"node . js" *`. */
  expr: string;
  /** Thai, Lao, Khmer or Myanmar letters that may also be found inside longer words. */
  infix?: string;
}

export interface QueryPlan {
  /** The wanted terms, in the order typed. */
  terms: Term[];
  /** `NOT (…)` to append, or '' when nothing is excluded. */
  not: string;
  /** Lower-cased words a snippet should show. */
  words: string[];
}

/** One term: its tokens as a phrase, the last a prefix when it is a word long enough to be one. */
function termOf(tokens: Token[], exact: boolean): Term | null {
  const kept = tokens.slice(0, MAX_PHRASE_TOKENS);
  const last = kept.at(-1);
  if (!last) return null;
  const word = last.kind === 'word' || last.kind === 'spaceless';
  const prefix = !exact && word && [...last.text].length > 1;
  const expr = `"${kept.map((t) => t.text).join(' ')}"${prefix ? ' *' : ''}`;
  // The dictionary may cut the same letters differently in a note: the whole word is looked for too.
  const spaceless = !exact && kept.every((t) => t.kind === 'spaceless');
  return spaceless ? { expr, infix: kept.map((t) => t.text).join('') } : { expr };
}

interface Word {
  text: string;
  quoted: boolean;
  negated: boolean;
}

function splitQuery(query: string): Word[] {
  const text = query.replace(/\s+/g, ' ').trim();
  // An unmatched quote is a typo, not syntax: treat it as a separator.
  const balanced = (text.match(/"/g) ?? []).length % 2 === 0 ? text : text.replace(/"/g, ' ');
  const words: Word[] = [];
  for (const m of balanced.matchAll(/(-?)"([^"]*)"|(\S+)/g)) {
    const quoted = m[2] !== undefined;
    let word = quoted ? m[2]! : m[3]!;
    let negated = m[1] === '-';
    // "-word" at a word's start is an exclusion; "well-known" inside a word is not.
    if (!quoted && word.startsWith('-') && word.length > 1) {
      negated = true;
      word = word.slice(1);
    }
    words.push({ text: word, quoted, negated });
  }
  return words;
}

/** The plan for a query, or null when nothing searchable is left (only exclusions, or punctuation). */
export function planQuery(query: string): QueryPlan | null {
  const wanted = new Map<string, Term>();
  const excluded = new Set<string>();
  const words: string[] = [];
  for (const w of splitQuery(query)) {
    if ((w.negated ? excluded.size : wanted.size) >= (w.negated ? MAX_EXCLUDED : MAX_TERMS)) continue;
    const term = termOf(tokenize(w.text), w.quoted);
    if (!term) continue;
    if (w.negated) excluded.add(term.expr);
    else if (!wanted.has(term.expr)) {
      wanted.set(term.expr, term);
      words.push(...snippetWords(w.text));
    }
  }
  if (wanted.size === 0) return null;
  return { terms: [...wanted.values()], not: excluded.size === 0 ? '' : ` NOT (${[...excluded].join(' OR ')})`, words: [...new Set(words)] };
}

/** The word as typed (minus the punctuation around it), then its pieces: what a snippet looks for. */
function snippetWords(text: string): string[] {
  const trimmed = normalize(text).replace(/^[^\p{L}\p{N}.]+|[^\p{L}\p{N}+#]+$/gu, '');
  const pieces = tokenize(text)
    .filter((t) => (t.kind === 'word' || t.kind === 'spaceless') && [...t.text].length > 1)
    .map((t) => t.text);
  return [trimmed, ...pieces].filter((w) => w !== '');
}

/** Lower-cased words a snippet should show (not the excluded ones). */
export function wantedTerms(query: string): string[] {
  return planQuery(query)?.words ?? [];
}
