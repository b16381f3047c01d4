/**
 * A person's search words → FTS5 MATCH expressions over the notes' titles and text, bounded in
 * the work they can ask for. Words are cut by word-tokens.ts, exactly as the notes were.
 *
 * - A plain word matches words that start with it (as grep finds it inside longer words that
 *   start with it); a word the tokenizer cuts in pieces (node.js, 知识库, a Thai phrase) is
 *   asked for as a phrase, its last piece a prefix. Quoted text is an exact phrase; `-word`
 *   excludes.
 * - `all` wants every word; `each` lists the words one by one, for the ranked OR pass that
 *   follows when too few notes hold them all (a question typed as a sentence).
 * - The work is bounded whatever is typed: repeated words count once, at most MAX_TERMS
 *   distinct words (and MAX_EXCLUDED exclusions) are kept, a phrase keeps MAX_PHRASE_TOKENS
 *   tokens, and single letters and digits are matched whole, never as a prefix (a one-letter
 *   prefix is most of the index).
 */
import { tokenize, type Token } from './word-tokens.js';

export const MAX_TERMS = 16;
export const MAX_EXCLUDED = 6;
export const MAX_PHRASE_TOKENS = 24;

export interface QueryPlan {
  /** Notes holding every wanted word. */
  all: string;
  /** Each wanted word alone, in the order typed: the OR pass ranks notes holding any of them. */
  each: string[];
  /** `NOT (…)` to append to either, or '' when nothing is excluded. */
  not: string;
  /** Lower-cased words a snippet should show. */
  words: string[];
}

/** One term: its tokens as a phrase, the last a prefix when it is a word long enough to be one. */
function termExpression(tokens: Token[], exact: boolean): string | null {
  const kept = tokens.slice(0, MAX_PHRASE_TOKENS);
  const last = kept.at(-1);
  if (!last) return null;
  const prefix = !exact && last.kind === 'word' && [...last.text].length > 1;
  return `"${kept.map((t) => t.text).join(' ')}"${prefix ? ' *' : ''}`;
}

interface Word {
  text: string;
  quoted: boolean;
  negated: boolean;
}

export function splitQuery(query: string): Word[] {
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
  const wanted = new Set<string>();
  const excluded = new Set<string>();
  const words: string[] = [];
  for (const w of splitQuery(query)) {
    const into = w.negated ? excluded : wanted;
    if (into.size >= (w.negated ? MAX_EXCLUDED : MAX_TERMS)) continue;
    const expr = termExpression(tokenize(w.text), w.quoted);
    if (!expr || into.has(expr)) continue;
    into.add(expr);
    if (!w.negated) words.push(...snippetWords(w.text));
  }
  if (wanted.size === 0) return null;
  const each = [...wanted];
  return {
    all: each.length === 1 ? each[0]! : `(${each.join(' AND ')})`,
    each,
    not: excluded.size === 0 ? '' : ` NOT (${[...excluded].join(' OR ')})`,
    words: [...new Set(words)],
  };
}

/** The word as typed (minus the punctuation around it), then its pieces: what a snippet looks for. */
function snippetWords(text: string): string[] {
  const trimmed = text.normalize('NFKC').toLowerCase().replace(/^[^\p{L}\p{N}.]+|[^\p{L}\p{N}+#]+$/gu, '');
  const pieces = tokenize(text).filter((t) => t.kind === 'word' && [...t.text].length > 1).map((t) => t.text);
  return [trimmed, ...pieces].filter((w) => w !== '');
}

/** Lower-cased words a snippet should show (not the excluded ones). */
export function wantedTerms(query: string): string[] {
  return planQuery(query)?.words ?? [];
}
