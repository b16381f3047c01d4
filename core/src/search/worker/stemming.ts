/**
 * Words reduced to their stems (Snowball: "painted", "painting" → "paint"; "plans" → "plan"), so
 * a search finds the forms of a word it was not typed in. Both sides use it: the index stores a
 * note's stems (note-store.ts), the query asks for its words' stems (fts-query.ts).
 *
 * Which language stems a word: a script that names one language decides (Cyrillic → Russian,
 * Arabic, Armenian, Tamil); a word in Latin letters is stemmed in the language of its text — the
 * note's, detected from its function words (stopwords.ts), or the query's, or, when a query does
 * not say (a word or two), each language the vault's notes were detected in (a few at most).
 *
 * The stemmers (snowball-stemmers: generated from Snowball's own sources, Porter2 for English)
 * are one ~870 kB file, loaded on the first stem: only the index and search workers ever stem.
 */
import { createRequire } from 'node:module';

/** Loaded on first use (a plain import would load it wherever this module is imported). */
const require = createRequire(import.meta.url);

/** Bump when what is stemmed, or how, changes: an index built otherwise is rebuilt. */
export const STEMMING_VERSION = 1;

/**
 * Marks a stem in the index: no typed word can hold it (word-tokens.ts turns it into a space), so
 * a stem never matches a word as typed, nor a typed word's prefix a stem.
 */
export const STEM_MARK = '\uFFFE';

/** Snowball's languages this index stems, by their ISO 639-3 code (the stopword lists' names). */
const STEMMED = {
  eng: 'english',
  fra: 'french',
  deu: 'german',
  spa: 'spanish',
  ita: 'italian',
  por: 'portuguese',
  nld: 'dutch',
  dan: 'danish',
  swe: 'swedish',
  nob: 'norwegian',
  fin: 'finnish',
  hun: 'hungarian',
  ron: 'romanian',
  tur: 'turkish',
  ces: 'czech',
  slv: 'slovene',
  eus: 'basque',
  cat: 'catalan',
  gle: 'irish',
  rus: 'russian',
  ara: 'arabic',
  hye: 'armenian',
  tam: 'tamil',
} as const;

export type Language = keyof typeof STEMMED;

/** The stemmed languages written in Latin letters: which one a text is in, its function words tell. */
export const LATIN_STEMMED: readonly Language[] = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld', 'dan', 'swe', 'nob', 'fin', 'hun', 'ron', 'tur', 'ces', 'slv', 'eus', 'cat', 'gle'];

/** Languages a script names on its own. Any other letters are stemmed in their text's language. */
const SCRIPT_LANGUAGE: [RegExp, Language][] = [
  [/\p{Script=Cyrillic}/u, 'rus'],
  [/\p{Script=Arabic}/u, 'ara'],
  [/\p{Script=Armenian}/u, 'hye'],
  [/\p{Script=Tamil}/u, 'tam'],
];
const LATIN = /^[\p{Script=Latin}\p{M}]+$/u;
/** Only words of letters are stemmed; shorter words than this stay as they are. */
const STEMMABLE = /^[\p{L}\p{M}]{3,}$/u;

/** The language a word's script decides, 'latin' when its text's language does, null when none. */
export function scriptOf(word: string): Language | 'latin' | null {
  if (!STEMMABLE.test(word)) return null;
  if (LATIN.test(word)) return 'latin';
  for (const [script, language] of SCRIPT_LANGUAGE) if (script.test(word)) return language;
  return null;
}

interface Stemmer {
  stem(word: string): string;
}
let stemmers: { newStemmer(name: string): Stemmer } | undefined;
const loaded = new Map<Language, (word: string) => string>();
/** Stems kept per language: a vault's words repeat, and a stem costs a few microseconds. */
const CACHE_WORDS = 50_000;

/** The stem of a word (lower-cased, as word-tokens.ts cuts it) in a language. */
export function stem(word: string, language: Language): string {
  let fn = loaded.get(language);
  if (!fn) {
    stemmers ??= require('snowball-stemmers') as { newStemmer(name: string): Stemmer };
    const stemmer = stemmers.newStemmer(STEMMED[language]);
    const cache = new Map<string, string>();
    fn = (w) => {
      let s = cache.get(w);
      if (s === undefined) {
        if (cache.size >= CACHE_WORDS) cache.clear();
        s = stemmer.stem(w);
        cache.set(w, s);
      }
      return s;
    };
    loaded.set(language, fn);
  }
  return fn(word);
}

/** Per language a text's Latin letters are stemmed in: each word's marked stem, '' when it has none of its own. */
const marked = new Map<Language | null, Map<string, string>>();

/**
 * What a note's stems column holds for its index form: the stem of every word whose stem is not
 * the word itself, marked (STEM_MARK), once per occurrence (BM25 counts them). A word that is
 * its own stem is found as typed already.
 */
export function stemsForm(form: string, latin: Language | null): string {
  let cache = marked.get(latin);
  if (!cache) marked.set(latin, (cache = new Map()));
  const out: string[] = [];
  for (const word of form.split(' ')) {
    let m = cache.get(word);
    if (m === undefined) {
      const script = scriptOf(word);
      const language = script === 'latin' ? latin : script;
      const s = language ? stem(word, language) : '';
      m = s !== word && s !== '' ? STEM_MARK + s : '';
      if (cache.size >= CACHE_WORDS) cache.clear();
      cache.set(word, m);
    }
    if (m) out.push(m);
  }
  return out.join(' ');
}
