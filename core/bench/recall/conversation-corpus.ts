/**
 * Conversation-like notes: a person's chats with a few recurring people over a year
 * (chats/2026-03-04-maria.md, turns as `**Name**: …`) and a monthly journal of calls
 * (journal/2026-03.md, one `## 2026-03-04 — Call with Tom` section each), with everyday talk
 * around the facts of conversation-facts.ts, which each land in one conversation. The talk
 * reuses the facts' words (cities, objects, ailments, …) in other contexts, as a real year of
 * chats would. Deterministic for a given seed.
 */
import { between, createRng, pick, type Rng } from '../corpus.js';
import { FACTS, PEOPLE, TOPICS, type FactSlot } from './conversation-facts.js';
import type { Question, RecallCorpus } from './types.js';

const START = Date.UTC(2025, 8, 1);
const DAY_MS = 86_400_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const MY_TALK = [
  'How was your week?',
  'Work has been mad, three deadlines at once.',
  'Did you see the photos from {city}? My cousin just got back.',
  "I still haven't decided about the {item}, it's a lot of money.",
  'The {object} still needs another coat, maybe next month.',
  'Sorry, I was out all day, the weather was too nice to stay in.',
  'Can we move our call to next week? Something came up.',
  'My neighbour asked about the {object} again, everyone has opinions.',
  "I've been reading a lot on the train lately.",
  'Did you ever try {hobby}? A friend keeps telling me to.',
  'We had {food} for dinner, way too much of it.',
  'I need a holiday, maybe somewhere warm like {city}.',
  'The {ailment} was better this week, fingers crossed.',
  'Saw a documentary about {city} last night, looked beautiful.',
  "I'm trying to spend less this month, no more gadgets.",
  'Thanks for the call yesterday, it helped.',
  'Honestly I just slept most of Sunday.',
  'The train was late again, forty minutes this time.',
  "I'll send you the link later, remind me if I forget.",
  "Let's get lunch when you're back in town.",
];

const THEIR_TALK = [
  'Busy as always, but good. The kids say hi.',
  "Oh nice, I've always wanted to see {city}.",
  'Did you hear back about the job thing?',
  'We were at my parents all weekend, exhausting.',
  'A colleague of mine swears by {hobby}, she goes every week.',
  'My {ailment} is acting up too, must be the weather.',
  'Just finished a huge project at work, finally.',
  'I made {food} on Saturday, came out better than expected.',
  'Are you still thinking about the {item}?',
  'Haha, typical. Let me know how it goes.',
  'Sure, next week works for me.',
  'We should plan something for the summer.',
  'I found an old photo of us from {city}, will send it.',
  'That {object} sounds like a lot of work, rather you than me.',
  'Not much new here, just tired.',
  "I'm off to the gym, talk later?",
  'Can you send me that recipe again?',
  'Traffic was awful this morning.',
  'We finally cleaned out the garage.',
  'Sounds good, speak soon!',
];

const fill = (rng: Rng, line: string) =>
  line
    .replace('{city}', pick(rng, TOPICS.cities))
    .replace('{item}', pick(rng, TOPICS.items))
    .replace('{object}', pick(rng, TOPICS.objects))
    .replace('{hobby}', pick(rng, TOPICS.hobbies))
    .replace('{food}', pick(rng, TOPICS.foods))
    .replace('{ailment}', pick(rng, TOPICS.ailments));

function talk(rng: Rng, person: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? `**Me**: ${fill(rng, pick(rng, MY_TALK))}` : `**${person}**: ${fill(rng, pick(rng, THEIR_TALK))}`));
}

interface Conversation extends FactSlot {
  person: string;
  turns: string[];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function generateConversationCorpus(seed: number, chats: number): RecallCorpus {
  const rng = createRng(seed);
  const days = Array.from({ length: chats }, () => between(rng, 0, 364)).sort((a, b) => a - b);
  const conversations: (Conversation & { path: string; section?: boolean })[] = days.map((d, i) => {
    const person = PEOPLE[Math.floor(rng() * PEOPLE.length)] as string;
    const date = isoDay(START + d * DAY_MS);
    // One in five is a call written up in the month's journal; the rest are chats of their own.
    const section = i % 5 === 4;
    const path = section ? `journal/${date.slice(0, 7)}.md` : `chats/${date}-${person.toLowerCase()}.md`;
    return { person, date, path, section, turns: talk(rng, person, between(rng, 4, 12)) };
  });
  // Two chats with one person on one day are one note.
  const seen = new Set<string>();
  const unique = conversations.filter((c) => c.section || (!seen.has(c.path) && seen.add(c.path)));

  const questions: Question[] = [];
  const used = new Set<Conversation>();
  for (const fact of FACTS) {
    const fits = unique.filter((c) => !used.has(c) && (fact.person === undefined || c.person === fact.person));
    const slot = pick(rng, fits);
    used.add(slot);
    const at = between(rng, 0, slot.turns.length);
    slot.turns.splice(at, 0, ...fact.turns(slot));
    for (const q of fact.questions(slot)) questions.push({ ...q, evidence: [slot.path] });
  }

  const files = new Map<string, string>();
  const frontmatter = (date: string, tags: string) => `---\ncreated: ${date}T19:00:00Z\ntags: [${tags}]\n---\n`;
  for (const c of unique.filter((x) => !x.section)) {
    files.set(c.path, `${frontmatter(c.date, 'chat')}# ${c.person} — ${c.date}\n\n${c.turns.join('\n\n')}\n`);
  }
  const months = new Map<string, typeof unique>();
  for (const c of unique.filter((x) => x.section)) months.set(c.path, [...(months.get(c.path) ?? []), c]);
  for (const [path, calls] of months) {
    const first = calls[0] as Conversation;
    const title = `${MONTHS[Number(first.date.slice(5, 7)) - 1]} ${first.date.slice(0, 4)}`;
    const sections = calls.map((c) => `## ${c.date} — Call with ${c.person}\n\n${c.turns.join('\n\n')}`);
    files.set(path, `${frontmatter(first.date, 'journal')}# ${title}\n\n${sections.join('\n\n')}\n`);
  }
  return { name: 'conversations', files, questions };
}
