import { tokenize } from '../search/index.js';

/** `cjk`: a run of Chinese, Japanese or Korean characters as written (the index holds them one by one). */
export interface Word {
  text: string;
  kind: 'word' | 'spaceless' | 'cjk';
}

// Letters written only with CJK but filed under no script of their own: the prolonged sound mark
// ー of katakana (データ) is Common, so the index makes it a word of its own between characters.
const WITH_CJK = /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}]+$/u;

/**
 * A text's words, cut exactly as the search index cuts them (its `tokenize`): letters with their
 * marks and digits, so an Indic vowel sign or virama never splits a word; Thai, Lao, Khmer and
 * Myanmar into ICU's dictionary words; the CJK characters the index keeps one by one gathered
 * back into the runs they were written in (a space or a mark between two ends a run). The
 * symbols the index keeps of technical names (node.js's dot, C++'s pluses) are left out.
 * Lower-cased and NFC, as the index holds them.
 */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let run = '';
  const endRun = () => {
    if (run) words.push({ text: run, kind: 'cjk' });
    run = '';
  };
  for (const token of tokenize(text)) {
    if (token.kind === 'char' || (run && token.kind === 'word' && WITH_CJK.test(token.text))) {
      run += token.text;
      continue;
    }
    endRun();
    if (token.kind === 'word' || token.kind === 'spaceless') words.push({ text: token.text, kind: token.kind });
  }
  endRun();
  return words;
}
