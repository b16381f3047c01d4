import { normalize, tokenize } from '../../search/index.js';
import { wordsOf, type Word } from '../words.js';

/**
 * The words of a question worth searching for. qmd's BM25 wants every term to match, so
 * "what do I need to buy?" finds nothing where "buy" alone would.
 */
const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our ' +
    'should so than that the their them then there these they this to was we were what when where which who whom why will with ' +
    'would you your about any all also am get got just know like more most much need no not now only other over same some still ' +
    'tell up very want'
  ).split(' '),
);

/** A word to search for, and the same word as the index holds it, to find it in a passage. */
export interface Keyword {
  text: string;
  /** Its tokens, space-separated: a CJK word is its characters in a row. */
  form: string;
  /** Thai, Lao, Khmer or Myanmar: the dictionary may cut the same letters differently in a note. */
  infix: boolean;
}

let dictionary: Intl.Segmenter | undefined;
// One kana after a word is a Japanese particle (の, は, を): it finds every Japanese note.
const PARTICLE = /^[\p{Script=Hiragana}\p{Script=Katakana}]$/u;

/**
 * A question's CJK run cut into ICU's dictionary words, as the index cuts Thai: 東京の天気 is
 * 東京, 天気 (each asked for as its characters in a row, which is how the index holds them),
 * so a question typed without spaces still finds the notes that hold its words.
 */
function cjkWords(run: string): string[] {
  dictionary ??= new Intl.Segmenter('und', { granularity: 'word' });
  const words = [...dictionary.segment(run)].filter((s) => s.isWordLike).map((s) => s.segment);
  const kept = words.filter((w) => !PARTICLE.test(w));
  return kept.length > 0 ? kept : words;
}

/** A text's tokens as the index holds them, space-separated and space-ended: what `holds` looks in. */
export const indexedForm = (text: string): string =>
  ` ${tokenize(text)
    .map((t) => t.text)
    .join(' ')} `;

const keywordsFrom = (word: Word): Keyword[] => (word.kind === 'cjk' ? cjkWords(word.text) : [word.text]).map((text) => ({ text, form: indexedForm(text).trim(), infix: word.kind === 'spaceless' }));

/** The words of a question worth searching for, cut as the index cuts the notes (marks kept). */
export function keywordsOf(question: string): Keyword[] {
  const words = wordsOf(question);
  const kept = words.filter((w) => !STOPWORDS.has(w.text));
  const keywords = (kept.length > 0 ? kept : words).flatMap(keywordsFrom);
  return [...new Map(keywords.map((k) => [k.text, k])).values()];
}

/**
 * Whether a text (its indexedForm) holds a keyword as fast search finds it: its tokens in a row,
 * starting a word, the last one also the start of a longer word unless it is a single letter;
 * a dictionary word of Thai, Lao, Khmer or Myanmar also inside a longer one.
 */
export function holds(form: string, keyword: Keyword): boolean {
  if (keyword.infix) return form.includes(keyword.form);
  return form.includes([...keyword.form].length === 1 ? ` ${keyword.form} ` : ` ${keyword.form}`);
}

// Invisible format characters (joiners, soft hyphens, direction marks): the index drops some and
// splits at others, so a word may sit across one.
const FORMAT = /\p{Cf}/gu;

/**
 * The keywords whose letters a text holds at all: a cheap test before cutting the text into
 * words (which costs what indexing it does), that never leaves out a keyword `holds` would find.
 */
export function present(text: string, keywords: Keyword[]): Keyword[] {
  const folded = normalize(text).replace(FORMAT, '');
  return keywords.filter((k) => folded.includes(k.text));
}
