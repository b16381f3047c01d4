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
 * - Text is NFC-normalised, full-width Latin letters and digits made plain (ＡＢＣ１ = ABC1), and
 *   lower-cased; zero-width joiners, spaces and soft hyphens are dropped. (Not NFKC: it takes
 *   Thai and Lao vowels apart, and ICU's dictionaries then no longer recognise the words.)
 *
 * These tokens are what is indexed and asked for as typed. A word's stem is another token, in a
 * column of its own (stemming.ts: its language from its script, or from its text's function
 * words, stopwords.ts); fts-query.ts asks for the words as typed above their stems.
 */

/** Bump when the rules above change: an index built with other rules is rebuilt. */
const TOKENIZER_VERSION = 1;

/** Identifies the rules and the dictionaries: ICU's word lists change with Node's ICU version. */
export function tokenizerId(): string {
  return `${TOKENIZER_VERSION}/icu-${process.versions.icu ?? 'none'}/unicode-${process.versions.unicode ?? 'none'}`;
}

/** `spaceless`: a dictionary word of Thai, Lao, Khmer or Myanmar; `boundary`: see BOUNDARY. */
export type TokenKind = 'word' | 'spaceless' | 'char' | 'symbol' | 'boundary';

export interface Token {
  text: string;
  kind: TokenKind;
}

// Everything that is neither part of a word nor one of the symbols that may belong to one.
const SEPARATORS = /[^\p{L}\p{M}\p{N}\p{Co}.+#\uFFFF]+/gu;
const SYMBOL_RUNS = /[.+#]+/g;
// Zero-width (non-)joiners, soft hyphens, word joiners and zero-width spaces: invisible, dropped.
// (A zero-width space only hints where a line may break in Thai or Khmer; the dictionary cuts the words.)
const JOINERS = /(?:\u200B|\u200C|\u200D|\u00AD|\u2060)/gu;
const JOINER_CHARS = ['\u200B', '\u200C', '\u200D', '\u00AD', '\u2060'];
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
const SPACELESS = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const NEEDS_SPLIT = /[^ ]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}][^ ]*/gu;
const HAS_WORD_CHAR = /[\p{L}\p{N}\p{Co}]/u;
const ABUT = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`;
// Spaces or punctuation between two characters of scripts whose words abut.
const BETWEEN_ABUTTING = new RegExp(String.raw`(?<=[${ABUT}])[^\p{L}\p{M}\p{N}\p{Co}.+#]+(?=[${ABUT}])`, 'gu');

/**
 * A token no query can contain (U+FFFF is never part of a word): put where a space or a mark
 * separates characters of those scripts, so a phrase of them never matches across it. 日。本
 * does not hold 日本, as grep would say, though both characters are indexed one by one.
 */
export const BOUNDARY = '\uFFFF';
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

const FULL_WIDTH = /[\uFF01-\uFF5E]/g;

/** The one normalisation of text before it is cut into words (the snippet matcher uses it too). */
export function normalize(text: string): string {
  const nfc = text.normalize('NFC');
  return (FULL_WIDTH.test(nfc) ? nfc.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)) : nfc).toLowerCase();
}

/**
 * What the full-text index stores for a text: its tokens separated by spaces (runs of spaces
 * included; the index's tokenizer splits on them and nothing else). A few whole-text passes
 * rather than a token-by-token loop: this runs over every note of the vault.
 */
export function indexForm(text: string): string {
  let s = normalize(text);
  if (s.includes(BOUNDARY)) s = s.replaceAll(BOUNDARY, ' ');
  if (JOINER_CHARS.some((j) => s.includes(j))) s = s.replace(JOINERS, '');
  const abutting = CJK.test(s) || SPACELESS.test(s);
  if (abutting) s = s.replace(BETWEEN_ABUTTING, ` ${BOUNDARY} `);
  s = s.replace(SEPARATORS, ' ');
  if (s.includes('.') || s.includes('+') || s.includes('#')) s = s.replace(SYMBOL_RUNS, symbols);
  if (abutting) s = s.replace(NEEDS_SPLIT, splitScripts);
  return s;
}

const SYMBOL = /^[.+#]+$/;

/** The tokens of a text, in order, each with what kind of token it is. */
export function tokenize(text: string): Token[] {
  return indexForm(text)
    .split(' ')
    .filter(Boolean)
    .map((t) => ({ text: t, kind: t === BOUNDARY ? 'boundary' : SYMBOL.test(t) ? 'symbol' : [...t].length === 1 && CJK.test(t) ? 'char' : SPACELESS.test(t) ? 'spaceless' : 'word' }));
}

/** The dictionary words of Thai, Lao, Khmer and Myanmar in an index form (for the infix list). */
export function spacelessWords(form: string): string[] {
  if (!SPACELESS.test(form)) return [];
  return [...new Set(form.split(' ').filter((t) => t !== '' && SPACELESS.test(t)))];
}
