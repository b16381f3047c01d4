/** A word as a shell needs it to stay one word, unchanged: quoted only where it must be. */
export function quoted(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** A command line a person can paste: `knower search 'two words' --deep`. */
export function commandLine(words: string[]): string {
  return words.map(quoted).join(' ');
}
