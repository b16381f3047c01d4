/**
 * A person's search words → FTS5 MATCH expressions over the notes' titles and text, bounded in
 * the work they can ask for. Words are cut by word-tokens.ts, exactly as the notes were.
 *
 * - A plain word matches words that start with it (as grep finds it inside longer words that
 *   start with it); a word the tokenizer cuts in pieces (node.js, a Thai phrase) is asked for as
 *   a phrase, its last piece a prefix. Quoted text is an exact phrase; `-word` excludes.
 * - Text typed without spaces in Chinese, Japanese, Thai, Lao, Khmer or Myanmar is first asked for
 *   as typed (a phrase: grep's answer for a word such as ข้าวเหนียว or 知识库). Found nowhere, it
 *   was a question ("我上个月买的咖啡机叫什么名字"): `cut` is the plan with such text cut into words
 *   by ICU's dictionaries (Intl.Segmenter, as the index cuts Thai), each word its own term, a CJK
 *   word the phrase of its characters (which is how CJK is indexed).
 * - A question's function words ("what did", "how do I", "qu'est-ce que", "wie kann ich", の, 的,
 *   ที่) are dropped when content words remain (stopwords.ts, for the question's own languages);
 *   a query of only function words ("the who") is searched as typed, and quoted text keeps them.
 * - A word is also asked for by its stems (stemming.ts): `wide` is the word as typed, or its
 *   stems in the index's stems column, or a word that is that stem exactly. Its languages: the
 *   script's, else the question's (told by its function words), else — a word or two say nothing
 *   — each language the vault's notes were detected in (MAX_STEM_LANGUAGES at most).
 * - A word of Thai, Lao, Khmer or Myanmar may also sit inside a longer dictionary word (บ้าน in
 *   หมู่บ้าน): `infix` names it, and the search adds the indexed words that contain it.
 * - `names`: the runs of consecutive words (and the whole query as typed) a note's file name or
 *   title may be (note-names.ts), with the terms each covers.
 * - The search wants every term first, then ranks notes holding some of them (note-search.ts).
 * - The work is bounded whatever is typed: repeated words count once, at most MAX_TERMS
 *   distinct words (and MAX_EXCLUDED exclusions) are kept, a phrase keeps MAX_PHRASE_TOKENS
 *   tokens, and single letters and digits are matched whole, never as a prefix (a one-letter
 *   prefix is most of the index).
 */
import { MAX_NAME_TOKENS } from './note-names.js';
import { LATIN_STEMMED, scriptOf, stem, STEM_MARK, type Language } from './stemming.js';
import { isStopword, queryLanguages } from './stopwords.js';
import { normalize, tokenize, type Token } from './word-tokens.js';

export const MAX_TERMS = 16;
export const MAX_EXCLUDED = 6;
export const MAX_PHRASE_TOKENS = 24;
/** Languages a word of unclear language is stemmed in, at most. */
const MAX_STEM_LANGUAGES = 6;
/** Consecutive words a name is looked for as, at most (besides the whole query). */
const MAX_NAME_RUN = 4;

export interface Term {
  /** An FTS5 phrase, e.g. `"node . js" *`. */
  expr: string;
  /** The term as it is or its stems, when it has stems of its own: `("plans" * OR "￾plan" OR "plan")`. */
  wide?: string;
  /** Thai, Lao, Khmer or Myanmar letters that may also be found inside longer words. */
  infix?: string;
}

/** A name a note may have (note-names.ts's key), and the terms (their indexes) it stands for. */
export interface NameKey {
  key: string;
  covers: number[];
}

export interface QueryPlan {
  /** The wanted terms, in the order typed. */
  terms: Term[];
  /** `NOT (…)` to append, or '' when nothing is excluded. */
  not: string;
  /** The excluded terms as one FTS5 expression, or '' when none. */
  excluded: string;
  /** Lower-cased words a snippet should show: the words as typed, then their stems. */
  words: string[];
  /** The names a note may have to be named by the query: longest runs first. */
  names: NameKey[];
  /** The plan with text typed without spaces cut into words: what is searched when this one finds nothing. */
  cut?: QueryPlan;
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

const ABUTTING = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
let segmenter: Intl.Segmenter | undefined;

/** A word as typed → the words it holds: text typed without spaces is cut by ICU's dictionaries. */
function piecesOf(word: Word): Word[] {
  if (word.quoted || word.negated || !ABUTTING.test(word.text)) return [word];
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  const pieces = [...segmenter.segment(word.text)].filter((s) => s.isWordLike).map((s) => ({ ...word, text: s.segment }));
  return pieces.length > 0 ? pieces : [word];
}

interface Piece extends Word {
  tokens: Token[];
}

/** The pieces a question keeps: its function words go when anything else is left. */
function contentPieces(pieces: Piece[], vault: readonly Language[]): { kept: Piece[]; languages: string[] } {
  const free = pieces.filter((p) => !p.quoted && !p.negated);
  // Single letters tell no language apart (several lists hold them all); they are dropped as the words told say.
  const languages = queryLanguages(
    free.flatMap((p) => p.tokens.filter((t) => t.kind !== 'word' || [...t.text].length > 1).map((t) => t.text)),
    vault,
  );
  if (languages.length === 0) return { kept: pieces, languages };
  // A symbol makes a name of a letter (C++, C#): never a function word.
  const stop = (p: Piece) => !p.quoted && !p.negated && p.tokens.length > 0 && p.tokens.every((t) => t.kind !== 'symbol' && isStopword(t.text, languages));
  const wanted = pieces.filter((p) => !p.negated);
  if (wanted.every(stop)) return { kept: pieces, languages };
  return { kept: pieces.filter((p) => !stop(p)), languages };
}

/** The languages a word is stemmed in: its script's, else the question's, else the vault's. */
function stemLanguages(word: string, asked: readonly string[], vault: readonly Language[]): Language[] {
  const script = scriptOf(word);
  if (script === null) return [];
  if (script !== 'latin') return [script];
  const told = LATIN_STEMMED.filter((l) => asked.includes(l));
  return (told.length > 0 ? told : vault).slice(0, MAX_STEM_LANGUAGES);
}

/** The stems of a one-word term. */
function stemsOf(token: Token, asked: readonly string[], vault: readonly Language[]): string[] {
  if (token.kind !== 'word') return [];
  const stems = stemLanguages(token.text, asked, vault).map((l) => stem(token.text, l));
  return [...new Set(stems)].filter((s) => [...s].length > 1);
}

/**
 * A term as typed or by its stems: the notes' stems (marked), and words that are the stem
 * itself (a word that is its own stem has none in the index). The stem is asked for even when
 * it is the word as typed, which the prefix finds already: another form ("reading") matches
 * both the prefix and its marked stem, and BM25 adds the two; without it, "read" itself would
 * weigh less than "reading" for the question "which book did Maria tell me to read".
 */
function wideOf(term: Term, word: string, stems: string[]): string {
  return `(${[term.expr, ...stems.flatMap((s) => [`"${STEM_MARK}${s}"`, `"${s}"`])].join(' OR ')})`;
}

/**
 * The plan for a query, or null when nothing searchable is left (only exclusions, or punctuation).
 * `vaultLanguages`: the languages the vault's notes were detected in, most notes first.
 */
export function planQuery(query: string, vaultLanguages: readonly Language[] = []): QueryPlan | null {
  const words = splitQuery(query);
  const plan = planOf(words, vaultLanguages);
  const cutWords = words.flatMap(piecesOf);
  if (!plan || cutWords.length === words.length) return plan;
  const cut = planOf(cutWords, vaultLanguages);
  return cut ? { ...plan, cut } : plan;
}

function planOf(asked: Word[], vaultLanguages: readonly Language[]): QueryPlan | null {
  const pieces: Piece[] = asked.map((w) => ({ ...w, tokens: tokenize(w.text) }));
  const { kept, languages } = contentPieces(pieces, vaultLanguages);
  const wanted = new Map<string, Term>();
  const keys: string[] = [];
  const excluded = new Set<string>();
  const words: string[] = [];
  const stems: string[] = [];
  for (const p of kept) {
    if ((p.negated ? excluded.size : wanted.size) >= (p.negated ? MAX_EXCLUDED : MAX_TERMS)) continue;
    const term = termOf(p.tokens, p.quoted);
    if (!term) continue;
    if (p.negated) excluded.add(term.expr);
    else if (!wanted.has(term.expr)) {
      const own = p.tokens.length === 1 && !p.quoted ? stemsOf(p.tokens[0]!, languages, vaultLanguages) : [];
      if (own.length > 0) term.wide = wideOf(term, p.tokens[0]!.text, own);
      wanted.set(term.expr, term);
      keys.push(p.tokens.map((t) => t.text).join(' '));
      words.push(...snippetWords(p.text));
      stems.push(...own.filter((s) => [...s].length > 2 && s !== p.tokens[0]!.text));
    }
  }
  if (wanted.size === 0) return null;
  const not = excluded.size === 0 ? '' : `(${[...excluded].join(' OR ')})`;
  const typed = pieces.filter((p) => !p.negated).flatMap((p) => p.tokens.filter((t) => t.kind !== 'boundary').map((t) => t.text));
  return { terms: [...wanted.values()], not: not && ` NOT ${not}`, excluded: not, words: [...new Set([...words, ...stems])], names: nameKeys(keys, typed) };
}

/** The runs of consecutive terms a note's name may be, and the whole query as typed. */
function nameKeys(keys: string[], typed: string[]): NameKey[] {
  const names = new Map<string, number[]>();
  const all = keys.map((_, i) => i);
  if (typed.length > 0 && typed.length <= MAX_NAME_TOKENS) names.set(typed.join(' '), all);
  for (let size = Math.min(MAX_NAME_RUN, keys.length); size >= 1; size--) {
    for (let i = 0; i + size <= keys.length; i++) {
      const key = keys.slice(i, i + size).join(' ');
      if (!names.has(key) && key.split(' ').length <= MAX_NAME_TOKENS) names.set(key, all.slice(i, i + size));
    }
  }
  return [...names].map(([key, covers]) => ({ key, covers }));
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
