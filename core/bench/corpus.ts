/**
 * Deterministic text for the synthetic vault: a seeded PRNG, a Zipf-weighted vocabulary (so
 * queries range from "in half the notes" to "in a handful"), and multilingual phrases.
 */

export type Rng = () => number;

/** mulberry32: tiny, fast, and the same sequence on every machine for a given seed. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
export const between = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));

// Ordered roughly by how often a person's notes would use them: the Zipf weights follow this order.
const VOCABULARY = `
the and to of a in for is on that with we it this be as are at from by need will have not
project meeting team plan week update notes release review design data user client budget
deadline draft feedback question issue decision schedule customer report server deploy
document idea contract invoice launch roadmap sprint estimate workshop hiring interview
migration database backup search index cache latency memory storage network security
password account payment refund supplier warehouse shipping inventory pricing discount
marketing campaign newsletter website landing analytics dashboard metric conversion funnel
garden kitchen recipe travel flight hotel visa passport museum concert birthday dentist
doctor insurance mortgage apartment landlord plumber electrician furniture bicycle
running swimming climbing training marathon nutrition protein breakfast coffee tea
book chapter author publisher manuscript translation grammar vocabulary lecture seminar
thesis experiment hypothesis sample microscope laboratory telescope satellite orbit
compiler kernel driver firmware sensor battery charger antenna prototype blueprint
spreadsheet calendar reminder checklist template workflow pipeline scheduler
quarterly annual monthly weekly daily tomorrow yesterday morning evening weekend
approved pending blocked postponed cancelled shipped merged reverted archived
lighthouse harbour glacier volcano canyon meadow orchard vineyard monastery cathedral
accordion harpsichord bassoon marimba ukulele cello oboe tuba clarinet trombone
saffron cardamom turmeric tamarind wasabi oregano paprika nutmeg fennel sorrel
`
  .trim()
  .split(/\s+/);

// Terms a few notes in a hundred mention: the "needle" queries.
const RARE_TERMS = ['kowalczyk', 'zanzibar', 'quetzal', 'okonkwo', 'fjordline', 'xylograph', 'brachiosaur', 'umlaufbahn'];

const CJK_PHRASES = ['我们讨论了知识库的结构', '会议记录已经整理好了', '下周去北京出差', '向量检索的效果还不错', '项目计划需要更新'];
const CYRILLIC_PHRASES = ['хранилище заметок растёт', 'встреча перенесена на пятницу', 'бюджет проекта утверждён', 'поездка в Москву в мае', 'заметка о новом клиенте'];

/** A sampler of `words` by Zipf's law (exponent `s`): cumulative weights, a sample is one binary search. */
export function zipfSampler(words: readonly string[], s: number): (rng: Rng) => string {
  const cumulative = (() => {
    let sum = 0;
    return words.map((_, rank) => (sum += 1 / Math.pow(rank + 1, s)));
  })();
  const total = cumulative[cumulative.length - 1] as number;
  return (rng) => {
    const target = rng() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo] as string;
  };
}

export const word = zipfSampler(VOCABULARY, 1.05);

const capitalize = (s: string): string => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

function sentence(rng: Rng): string {
  const words = Array.from({ length: between(rng, 6, 16) }, () => word(rng));
  // With ~18 sentences a note: ~1% of notes name a given rare term, ~10% carry a Chinese
  // sentence and ~10% a Russian one (~2% each phrase).
  if (rng() < 0.004) words.splice(between(rng, 0, words.length), 0, pick(rng, RARE_TERMS));
  const text = `${capitalize(words.join(' '))}.`;
  const roll = rng();
  if (roll < 0.006) return `${text} ${pick(rng, CJK_PHRASES)}。`;
  if (roll < 0.012) return `${text} ${capitalize(pick(rng, CYRILLIC_PHRASES))}.`;
  return text;
}

export function paragraph(rng: Rng): string {
  return Array.from({ length: between(rng, 2, 6) }, () => sentence(rng)).join(' ');
}

/** A note body: a heading, prose, sometimes a task list; roughly 150-700 words. */
export function noteBody(rng: Rng, title: string): string {
  const parts = [`# ${title}`];
  for (let i = between(rng, 2, 7); i > 0; i--) parts.push(paragraph(rng));
  if (rng() < 0.3) {
    const tasks = Array.from({ length: between(rng, 2, 5) }, () => `- [${rng() < 0.4 ? 'x' : ' '}] ${sentence(rng)}`);
    parts.push(tasks.join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

export function titleWords(rng: Rng, count: number): string[] {
  // Titles skip the stop words at the head of the vocabulary.
  return Array.from({ length: count }, () => VOCABULARY[between(rng, 30, VOCABULARY.length - 1)] as string);
}
