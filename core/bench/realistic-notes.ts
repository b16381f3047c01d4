/**
 * Note bodies shaped like a person's long notes rather than the synthetic corpus's short ones:
 * 200 to 2,000 words each (log-uniform: most notes are short, some are long), in sections,
 * lists, tasks, quotes, code and tables, over a vocabulary of ~30,000 distinct words (the
 * corpus's common words plus generated ones, Zipf-weighted), so the index holds as many terms
 * and as much text as a real vault of that many notes. Deterministic for a given seed.
 */
import { between, paragraph, pick, word, zipfSampler, type Rng } from './corpus.js';

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ra',
  'tu',
  'vo',
  'sel',
  'dar',
  'pin',
  'gro',
  'fen',
  'bal',
  'cor',
  'dul',
  'tri',
  'mar',
  'ves',
  'hol',
  'nik',
  'zan',
  'pel',
  'sto',
  'qua',
  'ber',
  'lin',
  'mor',
  'tas',
  'ven',
  'rid',
];
const LEXICON_SIZE = 30_000;

/** Distinct pseudo-words: the digits of i in base 30, one syllable each (2 to 4 of them). */
const LEXICON = Array.from({ length: LEXICON_SIZE }, (_, i) => {
  let n = i + SYLLABLES.length; // at least two syllables
  let out = '';
  while (n > 0) {
    out += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return out;
});

const lexWord = zipfSampler(LEXICON, 1.1);

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A sentence mixing the corpus's everyday words with the wider vocabulary. */
function mixedSentence(rng: Rng): string {
  const list = Array.from({ length: between(rng, 8, 20) }, () => (rng() < 0.55 ? word(rng) : lexWord(rng)));
  const text = list.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function block(rng: Rng): string {
  const roll = rng();
  if (roll < 0.5) return [paragraph(rng), ...Array.from({ length: between(rng, 1, 4) }, () => mixedSentence(rng))].join(' ');
  if (roll < 0.62) return Array.from({ length: between(rng, 3, 8) }, () => `- ${mixedSentence(rng)}`).join('\n');
  if (roll < 0.7) return `## ${lexWord(rng)} ${word(rng)} ${lexWord(rng)}`;
  if (roll < 0.77) return Array.from({ length: between(rng, 2, 6) }, () => `- [${rng() < 0.4 ? 'x' : ' '}] ${mixedSentence(rng)}`).join('\n');
  if (roll < 0.83) return `> ${mixedSentence(rng)} ${mixedSentence(rng)}`;
  if (roll < 0.9) {
    const lines = Array.from({ length: between(rng, 3, 12) }, () => `${pick(rng, ['const', 'let', 'return', 'if', 'await'])} ${lexWord(rng)}_${word(rng)} = ${lexWord(rng)}(${between(rng, 0, 99)});`);
    return `\`\`\`${pick(rng, ['ts', 'python', 'sh', ''])}\n${lines.join('\n')}\n\`\`\``;
  }
  if (roll < 0.95) {
    const rows = Array.from({ length: between(rng, 2, 6) }, () => `| ${lexWord(rng)} | ${word(rng)} | ${between(rng, 1, 999)} |`);
    return ['| item | kind | n |', '| --- | --- | --- |', ...rows].join('\n');
  }
  return `${mixedSentence(rng)} See [[${lexWord(rng)} ${word(rng)}]] and [notes](https://example.org/${lexWord(rng)}).`;
}

/** A body of 200 to 2,000 words under the note's title. */
export function realisticBody(rng: Rng, title: string): string {
  const target = Math.round(200 * Math.pow(10, rng()));
  const parts = [`# ${title}`];
  let count = 0;
  while (count < target) {
    const next = block(rng);
    parts.push(next);
    count += words(next);
  }
  return `${parts.join('\n\n')}\n`;
}
