/**
 * The multilingual part of the conversation vault: per language, one short note per fact (the
 * fact among everyday sentences of that language) and as many notes of everyday sentences
 * alone, under chats/<lang>/. Deterministic for a given seed.
 */
import { between, createRng, pick, type Rng } from '../corpus.js';
import { LANGUAGES } from './multilingual-facts.js';
import type { Question, RecallCorpus } from './types.js';

const day = (rng: Rng) => new Date(Date.UTC(2025, 8, 1) + between(rng, 0, 364) * 86_400_000).toISOString().slice(0, 10);

export function generateMultilingualCorpus(seed: number): RecallCorpus {
  const rng = createRng(seed);
  const files = new Map<string, string>();
  const questions: Question[] = [];
  // Spaceless scripts are written without spaces between sentences too.
  const note = (spaceless: boolean, sentences: string[], date: string) => `---\ncreated: ${date}T19:00:00Z\n---\n# ${date}\n\n${sentences.join(spaceless ? '' : ' ')}\n`;
  for (const { lang, spaceless, facts, fillers } of LANGUAGES) {
    let n = 0;
    const path = (date: string) => `chats/${lang}/${date}-${n++}.md`;
    for (const [fact, question] of facts) {
      const sentences = Array.from({ length: between(rng, 1, 3) }, () => pick(rng, fillers));
      sentences.splice(between(rng, 0, sentences.length), 0, fact);
      const date = day(rng);
      const at = path(date);
      files.set(at, note(spaceless, sentences, date));
      questions.push({ kind: spaceless ? 'spaceless' : 'multilingual', text: question, evidence: [at] });
    }
    for (let i = 0; i < facts.length; i++) {
      const date = day(rng);
      files.set(
        path(date),
        note(
          spaceless,
          Array.from({ length: between(rng, 2, 4) }, () => pick(rng, fillers)),
          date,
        ),
      );
    }
  }
  return { name: 'multilingual', files, questions };
}
