/**
 * A reference-style vault: one page per command (commands/tar.md), pages for subcommands
 * (commands/git-rebase.md), how-to pages, and a large majority of working notes that mention the
 * commands in passing — so that, as in real vaults, `git` appears in most pages and `du` in
 * hundreds, and a name's own page has to win against its mentions. Deterministic for a seed.
 */
import { between, createRng, pick, zipfSampler, type Rng } from '../corpus.js';
import { COMMANDS, SUBCOMMANDS, type Command } from './reference-commands.js';
import type { Question, RecallCorpus } from './types.js';

const PLACEHOLDERS: Record<string, string> = {
  url: 'https://example.org/release.tar.gz',
  message: 'fix the login redirect',
  file: 'report',
  dir: 'photos',
  dest: 'backup',
  pattern: 'timeout',
  old: 'staging',
  new: 'production',
  json: '{"name":"demo"}',
  port: '2222',
  user: 'deploy',
  host: 'nas.local',
  email: 'me@example.org',
  pid: '4242',
  target: '/srv/data',
  link: 'data',
  service: 'nginx',
  image: 'alpine',
  package: 'vitest',
  name: 'hello',
  other: 'report-old',
  domain: 'example.org',
  word: 'rsync',
  text: 'done',
  command: 'make test',
  n: '42',
};
const filled = (line: string) => line.replace(/\{(\w+)\}/g, (_, key: string) => PLACEHOLDERS[key] ?? key);

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function commandPage(c: Command): string {
  const tasks = c.tasks.map((task) => `- ${task.does}:\n\n\`${filled(task.line)}\``);
  return `# ${c.name}\n\n> ${c.about}\n\n${tasks.join('\n\n')}\n`;
}

function subcommandPage(cmd: string, sub: string, about: string): string {
  return `# ${cmd} ${sub}\n\n> ${about}.\n\n- ${about}:\n\n\`${cmd} ${sub}\`\n\n- Show the help of ${cmd} ${sub}:\n\n\`${cmd} ${sub} --help\`\n`;
}

// How often the notes mention each command: in the order of COMMANDS (git first), Zipf-weighted.
const mentioned = zipfSampler(
  COMMANDS.map((c) => c.name),
  0.9,
);

const TOPICS = [
  'server migration',
  'backup check',
  'laptop setup',
  'homelab',
  'blog deploy',
  'photo archive',
  'nas cleanup',
  'ci pipeline',
  'database restore',
  'vpn setup',
  'media server',
  'dotfiles',
  'release day',
  'incident',
  'raspberry pi',
  'disk full',
];
const OUTCOMES = ['worked first time', 'took a while', 'had to run it twice', 'no errors', 'permission denied at first', 'output looked fine', 'the disk was almost full', 'needed sudo'];
const THINGS = ['logs', 'backups', 'the cache folder', 'old releases', 'the photo library', 'config files', 'certificates', 'the build output'];

function noteSentence(rng: Rng): string {
  const name = mentioned(rng);
  const c = COMMANDS.find((x) => x.name === name) as Command;
  const other = mentioned(rng);
  const line = filled(pick(rng, c.tasks).line);
  switch (between(rng, 0, 4)) {
    case 0:
      return `Ran \`${line}\` on the ${pick(rng, TOPICS)} box, ${pick(rng, OUTCOMES)}.`;
    case 1:
      return `Used ${c.name} to go through ${pick(rng, THINGS)} before the ${pick(rng, TOPICS)} work.`;
    case 2:
      return `${c.name} then ${other}, as usual for ${pick(rng, THINGS)}; ${pick(rng, OUTCOMES)}.`;
    case 3:
      return `Reminder: \`${line}\` is in the script now, so nobody types it by hand.`;
    default:
      return `Checked ${pick(rng, THINGS)} with ${c.name} and ${other}: ${pick(rng, OUTCOMES)}.`;
  }
}

export function generateReferenceCorpus(seed: number, notes: number): RecallCorpus {
  const rng = createRng(seed);
  const files = new Map<string, string>();
  const questions: Question[] = [];

  for (const c of COMMANDS) files.set(`commands/${c.name}.md`, commandPage(c));
  for (const [cmd, subs] of Object.entries(SUBCOMMANDS)) for (const [sub, about] of subs) files.set(`commands/${cmd}-${sub}.md`, subcommandPage(cmd, sub, about));

  // Every other task a person asks about has a how-to page too: then either page answers.
  let asked = 0;
  for (const c of COMMANDS) {
    for (const task of c.tasks) {
      if (!task.asked) continue;
      const evidence = [`commands/${c.name}.md`];
      if (asked++ % 2 === 0) {
        const page = `howto/${slug(task.does)}.md`;
        files.set(page, `# ${task.does}\n\nWhat I do when I need to: ${task.does.toLowerCase()}.\n\n\`\`\`sh\n${filled(task.line)}\n\`\`\`\n\nThe ${c.name} page has the other options.\n`);
        evidence.push(page);
      }
      questions.push({ kind: 'how-to', text: task.asked, evidence });
    }
  }

  for (let i = 0; i < notes; i++) {
    const topic = pick(rng, TOPICS);
    const day = new Date(Date.UTC(2024, 0, 1) + between(rng, 0, 900) * 86_400_000).toISOString().slice(0, 10);
    const sentences = Array.from({ length: between(rng, 3, 10) }, () => noteSentence(rng));
    files.set(`notes/${day}-${slug(topic)}-${i}.md`, `---\ncreated: ${day}T10:00:00Z\n---\n# ${topic} ${i}\n\n${sentences.join(' ')}\n`);
  }

  // Names as people type them to open a command's page: the name alone, or a subcommand.
  for (const c of COMMANDS.slice(0, 40)) questions.push({ kind: 'name', text: c.name, evidence: [`commands/${c.name}.md`] });
  for (const [cmd, sub] of [
    ['git', 'rebase'],
    ['git', 'stash'],
    ['git', 'bisect'],
    ['git', 'worktree'],
    ['docker', 'compose'],
    ['npm', 'audit'],
    ['kubectl', 'rollout'],
    ['apt', 'upgrade'],
  ] as const) {
    questions.push({ kind: 'name', text: `${cmd} ${sub}`, evidence: [`commands/${cmd}-${sub}.md`] });
  }
  return { name: 'reference', files, questions };
}
