/**
 * How text becomes search tokens, for notes and for queries alike: the index and the query go
 * through this one function, in the same process (the index worker, on Node 22), so a word is
 * always cut the same way on both sides.
 *
 * - Letters, combining marks and digits make words: Indic vowel signs and viramas stay inside
 *   the word (a tokenizer that split on them matched fragments shared by unrelated words).
 * - Thai, Lao, Khmer and Myanmar are written without spaces between words: their runs are cut
 *   into words by ICU's dictionaries (Intl.Segmenter).
 * - Chinese, Japanese and Korean characters are one token each; a query asks for them as a
 *   phrase, which is exactly "contains these characters in a row".
 * - A few symbols are part of how technical names are written and become tokens of their own:
 *   `+`/`#` runs ending a word (C++, C#, F#), a dot starting a word (.NET) and dots inside one
 *   (node.js, v2.8.3). Everything else separates words.
 * - Text is NFKC-normalised and lower-cased; zero-width joiners and soft hyphens are dropped.
 */

/** Bump when the rules above change: an index built with other rules is rebuilt. */
export const TOKENIZER_VERSION = 1;

/** Identifies the rules and the dictionaries: ICU's word lists change with Node's ICU version. */
export function tokenizerId(): string {
  return `${TOKENIZER_VERSION}/icu-${process.versions.icu ?? 'none'}/unicode-${process.versions.unicode ?? 'none'}`;
}

export type TokenKind = 'word' | 'char' | 'symbol';

export interface Token {
  text: string;
  kind: TokenKind;
}

// Everything that is neither part of a word nor one of the symbols that may belong to one.
const SEPARATORS = /[^\p{L}\p{M}\p{N}\p{Co}.+#]+/gu;
const SYMBOL_RUNS = /[.+#]+/g;
// Zero-width (non-)joiners, soft hyphens, word joiners: invisible inside a word, dropped.
const JOINERS = /(?:\u200C|\u200D|\u00AD|\u2060)/gu;
const JOINER_CHARS = ['\u200C', '\u200D', '\u00AD', '\u2060'];
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
const SPACELESS = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const NEEDS_SPLIT = /[^ ]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}][^ ]*/gu;
const HAS_WORD_CHAR = /[\p{L}\p{N}\p{Co}]/u;
const MARK = /\p{M}/u;

/** After separators became spaces, a character is part of a word unless it is a space or a symbol. */
const inWord = (ch: string | undefined) => ch !== undefined && ch !== ' ' && ch !== '.' && ch !== '+' && ch !== '#';

/**
 * A run of dots, pluses and hashes between (parts of) words, in place: `++`/`#` right after a
 * word and not followed by one stays as a token (c ++), a dot inside a word (node . js) or
 * starting one (. net) too; anything else becomes a separator.
 */
function symbols(run: string, offset: number, text: string): string {
  let out = '';
  let prev = text[offset - 1];
  let i = 0;
  while (i < run.length) {
    const dot = run[i] === '.';
    let j = i;
    while (j < run.length && (run[j] === '.') === dot) j++;
    const piece = run.slice(i, j);
    const next = j < run.length ? run[j] : text[offset + j];
    const keep = dot ? piece === '.' && inWord(next) : inWord(prev) && !inWord(next);
    out += keep ? ` ${piece} ` : ' ';
    prev = run[j - 1];
    i = j;
  }
  return out;
}

type CharClass = 'cjk' | 'spaceless' | 'other';
const classOf = (ch: string): CharClass => (CJK.test(ch) ? 'cjk' : SPACELESS.test(ch) ? 'spaceless' : 'other');

let segmenter: Intl.Segmenter | undefined;

/** A word holding CJK or spaceless script: CJK characters one by one, spaceless runs by dictionary. */
function splitScripts(word: string): string {
  const out: string[] = [];
  let run = '';
  let runClass: CharClass = 'other';
  const flush = () => {
    if (!run) return;
    if (runClass === 'spaceless') {
      segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
      for (const s of segmenter.segment(run)) if (HAS_WORD_CHAR.test(s.segment)) out.push(s.segment);
    } else out.push(run);
    run = '';
  };
  for (const ch of word) {
    // A combining mark belongs to the character before it, whatever script it is filed under.
    const cls: CharClass = run && MARK.test(ch) ? runClass : classOf(ch);
    if (cls === 'cjk') {
      flush();
      out.push(ch);
      continue;
    }
    if (cls !== runClass) flush();
    runClass = cls;
    run += ch;
  }
  flush();
  return ` ${out.join(' ')} `;
}

/**
 * What the full-text index stores for a text: its tokens separated by spaces (runs of spaces
 * included; the index's tokenizer splits on them and nothing else). A few whole-text passes
 * rather than a token-by-token loop: this runs over every note of the vault.
 */
export function indexForm(text: string): string {
  let s = text.normalize('NFKC').toLowerCase();
  if (JOINER_CHARS.some((j) => s.includes(j))) s = s.replace(JOINERS, '');
  s = s.replace(SEPARATORS, ' ');
  if (s.includes('.') || s.includes('+') || s.includes('#')) s = s.replace(SYMBOL_RUNS, symbols);
  if (CJK.test(s) || SPACELESS.test(s)) s = s.replace(NEEDS_SPLIT, splitScripts);
  return s;
}

const SYMBOL = /^[.+#]+$/;

/** The tokens of a text, in order, each with what kind of token it is. */
export function tokenize(text: string): Token[] {
  return indexForm(text)
    .split(' ')
    .filter(Boolean)
    .map((t) => ({ text: t, kind: SYMBOL.test(t) ? 'symbol' : [...t].length === 1 && CJK.test(t) ? 'char' : 'word' }));
}
