/**
 * Function words ("the", "what did", "qu'est-ce que", "wie kann ich", の, 的, ที่) per language,
 * from the `stopword` package's lists (62 languages), loaded on first use in the worker. Two uses:
 *
 * - A note's language, for stemming its Latin-script words (stemming.ts): the stemmed language
 *   whose function words its first words hold most of. Cheap and bounded: a look-up per word,
 *   over the first DETECT_WORDS words.
 * - A question's function words, dropped from the query when content words remain
 *   (fts-query.ts). A question's languages are found the same way, per script: among the
 *   languages written in that script, those whose lists hold the most of its words.
 *
 * What a question may drop is only function words: the closed classes — pronouns, articles and
 * other determiners (all, some, many), auxiliaries and modals, prepositions, conjunctions,
 * question words, and the particles of negation, degree and time (not, very, still). The lists
 * hold some open-class words too: lexical verbs (make, take, get, said), nouns (way, Zeit),
 * adjectives (same, gut), numerals (zwei). A question needs those ("how do I make a symlink",
 * "what did Maria say"): LEXICAL takes them out of what is dropped, and ADDED puts in the
 * function words a list lacks (English's has no "when", "why", "us" or "does"). The lists
 * themselves stay whole for telling languages apart: a lexical word is a signal of its language
 * too, and a note's detected language decides its indexed stems.
 */
import { createRequire } from 'node:module';
import { LATIN_STEMMED, type Language } from './stemming.js';

/** Loaded on first use (a plain import would load it wherever this module is imported). */
const require = createRequire(import.meta.url);

/** Words of a note read to tell its language: its opening is enough, and the cost stays bounded. */
const DETECT_WORDS = 400;
/** Fewer function words than this and a note's language is not told (a list, code, a name). */
const DETECT_MIN_HITS = 3;

/** Per script, the languages whose function words a question in it may hold. */
const SCRIPTS: [RegExp, string[]][] = [
  [/\p{Script=Latin}/u, [...LATIN_STEMMED, 'pol', 'slk', 'hrv', 'lit', 'lav', 'est', 'ind', 'msa', 'vie', 'tgl', 'afr', 'glg', 'lat', 'swa']],
  [/\p{Script=Cyrillic}/u, ['rus', 'ukr', 'bul']],
  [/\p{Script=Arabic}/u, ['ara', 'fas', 'urd']],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, ['jpn']],
  [/\p{Script=Han}/u, ['zho', 'jpn']],
  [/\p{Script=Hangul}/u, ['kor']],
  [/\p{Script=Thai}/u, ['tha']],
  [/\p{Script=Myanmar}/u, ['mya']],
  [/\p{Script=Devanagari}/u, ['hin', 'mar']],
  [/\p{Script=Greek}/u, ['ell']],
  [/\p{Script=Hebrew}/u, ['heb']],
  [/\p{Script=Armenian}/u, ['hye']],
  [/\p{Script=Bengali}/u, ['ben']],
];

/**
 * Question words the lists lack: Chinese's list is mostly single characters, and these are how
 * questions typed without spaces are asked ("…叫什么名字", "…の名前は何", "…ชื่ออะไร").
 */
const QUESTION_WORDS: Record<string, string[]> = {
  zho: ['什么', '怎么', '怎样', '如何', '为什么', '哪里', '哪儿', '哪个', '哪些', '多少', '是不是', '有没有', '吗', '呢', '吧', '叫'],
  jpn: ['っ', '何', 'なに', 'なん', 'どこ', 'いつ', 'どう', 'どれ', 'どの', '誰', 'だれ', 'ですか', 'ましたか', 'か', 'ね', 'よ', 'でし', 'まし', 'は'],
  tha: ['อะไร', 'ไหน', 'ที่ไหน', 'อย่างไร', 'ยังไง', 'เมื่อไร', 'เมื่อไหร่', 'ใคร', 'ทำไม', 'ไหม', 'หรือเปล่า', 'บ้าง', 'ครับ', 'ค่ะ', 'คะ'],
};

/**
 * Open-class words the lists hold, per language (see the rule above): searched, never dropped.
 * English, German, French, Dutch and Italian were read word by word; Spanish's and Portuguese's
 * lists hold function words only.
 */
const LEXICAL: Record<string, string[]> = {
  eng: ['came', 'come', 'get', 'got', 'like', 'make', 'said', 'same', 'take', 'way', 'well'],
  deu: (
    'acht achte achten achter achtes allgemeinen bekannt beispiel besonders besser besten dank drei dritte dritten dritter drittes ehrlich ' +
    'elf ende endlich ernst erste ersten erster erstes folgende früher fünf fünfte fünften fünfter fünftes gab ganz ganze ganzen ganzer ganzes ' +
    'gehen geht gekannt gemacht genug gerade gern gesagt gibt ging gleich gott gross grosse grossen grosser grosses groß große großen großer ' +
    'großes gut gute guter gutes heisst heute hoch jahr jahre jahren kam kaum kleine kleinen kleiner kleines kommen kommt kurz lang lange ' +
    'leicht leide lieber machen macht machte mahn mann mensch menschen mittel morgen möglich nahm natürlich neue neuen neun neunte neunten ' +
    'neunter neuntes offen oft ordnung recht rechte rechten rechter rechtes richtig rund sache sagt sagte sah satt schlecht schluss sechs ' +
    'sechste sechsten sechster sechstes sieben siebente siebenten siebenter siebentes später startseite steht suche tag tage tagen tat teil ' +
    'tel tritt tun uhr vergangenen vier vierte vierten vierter viertes weit weiter weitere weiteren weiteres wissen zehn zehnte zehnten ' +
    'zehnter zehntes zeit zurück zusammen zwanzig zwei zweite zweiten zweiter zweites zwölf'
  ).split(' '),
  fra: ['faire'],
  nld: ['doen', 'wezen', 'zei'],
  ita: (
    'faccio fai facciamo fanno faccia facciate facciano farò farai farà faremo farete faranno farei faresti farebbe faremmo fareste ' +
    'farebbero facevo facevi faceva facevamo facevate facevano feci facesti fece facemmo faceste fecero facessi facesse facessimo facessero facendo'
  ).split(' '),
};

/** Function words the lists lack (see the rule above). */
const ADDED: Record<string, string[]> = {
  eng: (
    'when why whom whose us its mine yours ours hers theirs myself yourself herself itself ourselves themselves does doing will shall may ' +
    'ought not no nor without within during against upon onto across toward towards among whether although though unless'
  ).split(' '),
};

type Lists = Record<string, Set<string>>;
let lists: Lists | undefined;
let functionWords: Lists | undefined;

function loadLists(): Lists {
  if (lists) return lists;
  const raw = require('stopword') as Record<string, unknown>;
  const loadedLists: Lists = {};
  for (const [, languages] of SCRIPTS) {
    for (const language of languages) {
      const words = raw[language];
      if (Array.isArray(words)) loadedLists[language] = new Set([...(words as string[]).map((w) => w.normalize('NFC').toLowerCase()), ...(QUESTION_WORDS[language] ?? [])]);
    }
  }
  lists = loadedLists;
  return lists;
}

let latinWords: Map<string, Language[]> | undefined;

/** Each function word of the stemmed Latin-script languages → the languages it is one in: one look-up a word. */
function latinFunctionWords(): Map<string, Language[]> {
  if (latinWords) return latinWords;
  const all = loadLists();
  latinWords = new Map();
  for (const language of LATIN_STEMMED) {
    for (const word of all[language] ?? []) latinWords.set(word, [...(latinWords.get(word) ?? []), language]);
  }
  return latinWords;
}

/** The stemmed Latin-script language a note's words are in, or null when its words do not say. */
export function noteLanguage(words: readonly string[]): Language | null {
  const functionWords = latinFunctionWords();
  const hits = new Map<Language, number>();
  const end = Math.min(words.length, DETECT_WORDS);
  for (let i = 0; i < end; i++) {
    for (const language of functionWords.get(words[i]!) ?? []) hits.set(language, (hits.get(language) ?? 0) + 1);
  }
  let best: Language | null = null;
  let most = DETECT_MIN_HITS - 1;
  for (const [language, n] of hits) {
    if (n > most) {
      best = language;
      most = n;
    }
  }
  return best;
}

/**
 * The languages a question is written in, told per script by its function words: for each
 * script among its words, the language whose list holds most of them. A tie (a word or two in
 * several lists: "do" is English and Irish) goes to a language of the vault's (`vault`, most
 * notes first), else to the first listed (the most written). None for a script whose words no
 * list holds.
 */
export function queryLanguages(words: readonly string[], vault: readonly string[] = []): string[] {
  const all = loadLists();
  const found: string[] = [];
  for (const [script, languages] of SCRIPTS) {
    const inScript = words.filter((w) => script.test(w));
    if (inScript.length === 0) continue;
    const counts = languages.map((language) => inScript.filter((w) => all[language]?.has(w)).length);
    const most = Math.max(...counts);
    if (most === 0) continue;
    const tied = languages.filter((_, i) => counts[i] === most);
    found.push(vault.find((l) => tied.includes(l)) ?? tied[0]!);
  }
  return found;
}

/** Per language, the words a question may drop: its list, less the open-class words, plus the function words it lacks. */
function loadFunctionWords(): Lists {
  if (functionWords) return functionWords;
  const all = loadLists();
  const out: Lists = {};
  for (const [language, words] of Object.entries(all)) {
    const lexical = new Set(LEXICAL[language]);
    out[language] = new Set([...[...words].filter((w) => !lexical.has(w)), ...(ADDED[language] ?? [])]);
  }
  functionWords = out;
  return functionWords;
}

/** Whether a word is a function word of one of these languages: one a question drops when content words remain. */
export function isStopword(word: string, languages: readonly string[]): boolean {
  const all = loadFunctionWords();
  return languages.some((language) => all[language]?.has(word));
}
