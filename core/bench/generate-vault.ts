/**
 * A deterministic synthetic vault: the skeleton, projects/<name>/{description,state,tasks,
 * changelog}.md with notes/ under each, and bucket/. Same seed and size → same bytes.
 *   tsx bench/generate-vault.ts --notes 10000 --out /tmp/vault-10k [--seed 42]
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { between, createRng, noteBody, pick, titleWords, type Rng } from './corpus.js';
import { generatorMain, writeVaultFiles } from './vault-files.js';

export interface GeneratedVault {
  root: string;
  /** Markdown notes written, skeleton included. */
  notes: number;
  bytes: number;
  projects: string[];
  /** Every note, relative to the root with `/` separators. */
  paths: string[];
}

const BASE_DAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Frontmatter the background job would leave: correct `tokens`, so a start is a restart, not a rewrite. */
function note(rng: Rng, body: string, extra: string[] = []): string {
  const created = BASE_DAY + between(rng, 0, 500) * DAY_MS + between(rng, 0, DAY_MS - 1);
  const updated = created + between(rng, 0, 60) * DAY_MS;
  const yaml = [`created: ${iso(created)}`, `updated: ${iso(updated)}`, `tokens: ${Math.ceil(body.length / 4)}`, ...extra];
  return `---\n${yaml.join('\n')}\n---\n${body}`;
}

// Real vaults have spaces and non-Latin scripts in folder and file names: so does this one.
function projectName(rng: Rng, i: number): string {
  if (i % 10 === 3) return `知识库项目-${i}`;
  if (i % 10 === 6) return `Проект ${pick(rng, ['Нева', 'Волга', 'Байкал'])} ${i}`;
  if (i % 5 === 1) return `${titleWords(rng, 1)[0]} planning ${i}`;
  return `${titleWords(rng, 2).join('-')}-${i}`;
}

function noteName(rng: Rng, i: number): { file: string; title: string } {
  const roll = rng();
  if (roll < 0.02) return { file: `会议记录 ${i}.md`, title: `会议记录 ${i}` };
  if (roll < 0.04) return { file: `заметка ${i}.md`, title: `Заметка ${i}` };
  const words = titleWords(rng, between(rng, 2, 4));
  const title = `${words.join(' ')} ${i}`;
  if (roll < 0.1) return { file: `${title}.md`, title };
  return { file: `${words.join('-')}-${i}.md`, title };
}

/** How a note's body is written: the synthetic corpus by default, or realistic long notes (realistic-notes.ts). */
export type BodyWriter = (rng: Rng, title: string) => string;

export async function generateVault(root: string, total: number, seed = 42, body: BodyWriter = noteBody): Promise<GeneratedVault> {
  const rng = createRng(seed);
  const files = new Map<string, string>();
  const add = (rel: string, text: string) => files.set(rel, text);

  add('overview.md', note(rng, '# Overview\n\nA synthetic vault for benchmarks: projects, bucket, tasks, changelog.\n'));
  add('profile.md', note(rng, '# Profile\n\nPrefers short answers. Works from Berlin and 北京. Говорит по-русски.\n'));
  add('tasks.md', note(rng, noteBody(rng, 'Tasks')));
  add('changelog.md', note(rng, noteBody(rng, 'Changelog')));

  const projectCount = Math.max(4, Math.round(total / 250));
  const projects = Array.from({ length: projectCount }, (_, i) => projectName(rng, i));
  for (const name of projects) {
    for (const part of ['description', 'state', 'tasks', 'changelog']) {
      add(`projects/${name}/${part}.md`, note(rng, noteBody(rng, `${name}: ${part}`), [`project: "${name}"`]));
    }
  }
  // 70% of the remaining notes belong to a project, the rest wait in the bucket.
  for (let i = 0; files.size < total; i++) {
    const { file, title } = noteName(rng, i);
    const tags = `tags: [${titleWords(rng, between(rng, 1, 3)).join(', ')}]`;
    const inProject = rng() < 0.7;
    const rel = inProject ? `projects/${pick(rng, projects)}/notes/${file}` : `bucket/${file}`;
    add(rel, note(rng, body(rng, title), [tags]));
  }

  await mkdir(path.join(root, 'inbox'), { recursive: true });
  const bytes = await writeVaultFiles(root, files);
  return { root, notes: files.size, bytes, projects, paths: [...files.keys()] };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  generatorMain('generate-vault', 42, generateVault).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
