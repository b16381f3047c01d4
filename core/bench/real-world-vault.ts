/**
 * A vault shaped like a person's own (an Obsidian or VS Code vault grown over years), not like
 * one Knower made: dozens of folders, nested 1-4 deep, names with spaces and in many scripts;
 * notes with and without frontmatter (tags, aliases, their own dates, titles); wikilinks,
 * embeds, callouts, block ids, tables; images beside the notes; a .obsidian/ folder; no
 * projects/ or bucket/. Deterministic: same seed and size, same bytes.
 *   tsx bench/real-world-vault.ts --notes 2500 --out /tmp/real-vault [--seed 7]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { between, createRng, paragraph, pick, titleWords, type Rng } from './corpus.js';
import { generatorMain, writeVaultFiles } from './vault-files.js';

/** Words a search must find in exactly the notes that contain them, one list per script. */
export const PROBE_WORDS = {
  latin: ['zeppelin', 'quinoa', 'kühlschrank', 'schwarzwald', 'mañana', 'bibliothèque'],
  cyrillic: ['самовар', 'электричка', 'черника'],
  cjk: ['図書館', '红烧肉', '도서관'],
  arabic: ['البرتقال', 'مكتبة', 'قهوة'],
  greek: ['θάλασσα', 'βιβλιοθήκη', 'καφές'],
} as const;

const FOLDERS = [
  'Daily Notes',
  'Daily Notes/2023',
  'Daily Notes/2024',
  'Work',
  'Work/Meetings',
  'Work/1-1s',
  'Work/Clients/Acme Corp',
  'Работа',
  'Работа/Встречи',
  '読書メモ',
  '読書メモ/小説',
  '中文笔记',
  '한국어 노트',
  'مذكرات',
  'Σημειώσεις',
  'Recettes de cuisine',
  'Rezepte',
  'Reisen/Japan 2024',
  'Reisen/Portugal',
  'Zettelkasten',
  'Zettelkasten/Permanent',
  'Zettelkasten/Literature',
  'Areas/Health',
  'Areas/Finance',
  'Resources/Books',
  'Resources/Articles',
  'Archive/2019',
  'Archive/2020 old stuff',
  'People',
  'Ideas',
  'Templates',
  'Garden 🌱',
  'Music/Practice log',
  'Kids',
  'House/Renovation',
  'Inbox notes',
  'Courses/ML 101',
  'Courses/Español',
];

const SCRIPT_LINES: Record<keyof typeof PROBE_WORDS, string[]> = {
  latin: ['Der Termin beim Zahnarzt ist am Dienstag.', 'Nous avons parlé du projet à la réunion.', 'Hay que comprar pan y leche.'],
  cyrillic: ['Встреча с командой прошла хорошо.', 'Нужно позвонить маме в воскресенье.', 'Прочитал интересную статью о памяти.'],
  cjk: ['今日は雨が降っています。', '我们下周讨论这个问题。', '회의는 다음 주 월요일입니다.'],
  arabic: ['ذهبت إلى السوق في الصباح.', 'الاجتماع القادم يوم الخميس.', 'قرأت كتابا جميلا عن التاريخ.'],
  greek: ['Η συνάντηση ήταν πολύ χρήσιμη.', 'Πρέπει να τηλεφωνήσω στον Γιώργο.', 'Διάβασα ένα ενδιαφέρον άρθρο.'],
};

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface RealWorldVault {
  root: string;
  notes: number;
  bytes: number;
  /** Every note, vault-relative with `/` separators. */
  paths: string[];
}

function noteName(rng: Rng, folder: string, i: number): string {
  if (folder.startsWith('Daily Notes')) return `${folder.endsWith('2023') ? 2023 : 2024}-${String(between(rng, 1, 12)).padStart(2, '0')}-${String(between(rng, 1, 28)).padStart(2, '0')} ${i}.md`;
  const roll = rng();
  if (roll < 0.15) return `${titleWords(rng, 1)[0]}-${i}.md`;
  if (roll < 0.25) return `${pick(rng, ['Заметка', 'メモ', '笔记', 'ملاحظة', 'Σημείωση', 'Notiz'])} ${i}.md`;
  return `${titleWords(rng, between(rng, 1, 3)).join(' ')} ${i}.md`;
}

/** Obsidian-flavoured markdown: links to other notes, embeds, a callout, a block id, a table. */
function body(rng: Rng, title: string, others: string[]): string {
  const parts: string[] = [];
  if (rng() < 0.8) parts.push(`# ${title}`);
  for (let p = between(rng, 1, 4); p > 0; p--) {
    let text = paragraph(rng);
    if (rng() < 0.4 && others.length) text += ` See [[${pick(rng, others)}]].`;
    if (rng() < 0.15 && others.length) text += ` Also [[${pick(rng, others)}|this one]] and [[${pick(rng, others)}#Notes]].`;
    if (rng() < 0.2)
      text += ` ^${Math.floor(rng() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`;
    parts.push(text);
  }
  for (const script of Object.keys(SCRIPT_LINES) as (keyof typeof PROBE_WORDS)[]) {
    if (rng() < 0.12) parts.push(pick(rng, SCRIPT_LINES[script]));
    // Probe words stand alone (whole words, lower case), so a search and grep must agree on them.
    if (rng() < 0.03) parts.push(`Notiert: ${pick(rng, PROBE_WORDS[script])} .`);
  }
  if (rng() < 0.1) parts.push(`> [!tip]${rng() < 0.5 ? '-' : ''} A callout\n> ${paragraph(rng)}`);
  if (rng() < 0.08) parts.push('| Day | Plan |\n| --- | --- |\n| Mon | Gym |\n| Tue | Read |');
  if (rng() < 0.05) parts.push(`![[photo ${between(rng, 1, 20)}.png|300]]`);
  if (rng() < 0.05) parts.push(`- [ ] ${paragraph(rng)}\n- [x] done`);
  return `${parts.join('\n\n')}\n`;
}

function frontmatter(rng: Rng): string {
  const roll = rng();
  if (roll < 0.45) return '';
  const lines: string[] = [];
  if (rng() < 0.7) lines.push(`tags: [${titleWords(rng, between(rng, 1, 3)).join(', ')}]`);
  if (rng() < 0.2) lines.push(`aliases: ["${titleWords(rng, 2).join(' ')}"]`);
  if (rng() < 0.3) lines.push(`date: 20${between(rng, 18, 24)}-${String(between(rng, 1, 12)).padStart(2, '0')}-${String(between(rng, 1, 28)).padStart(2, '0')}`);
  if (rng() < 0.15) lines.push(`created: 20${between(rng, 18, 24)}-0${between(rng, 1, 9)}-1${between(rng, 0, 9)}T09:00`);
  if (rng() < 0.1) lines.push(`title: "${titleWords(rng, 2).join(' ')}"`);
  if (rng() < 0.05) lines.push('cssclasses:\n  - wide');
  if (lines.length === 0) lines.push('status: draft');
  return `---\n${lines.join('\n')}\n---\n`;
}

export async function generateRealWorldVault(root: string, total: number, seed = 7): Promise<RealWorldVault> {
  const rng = createRng(seed);
  const files = new Map<string, string | Buffer>();
  const names: string[] = [];
  for (let i = 0; files.size < total; i++) {
    // Bigger folders first, like a real vault: daily notes and work dominate.
    const folder = rng() < 0.3 ? pick(rng, FOLDERS.slice(0, 7)) : pick(rng, FOLDERS);
    const file = noteName(rng, folder, i);
    const rel = rng() < 0.04 ? file : `${folder}/${file}`;
    const title = file.replace(/\.md$/, '');
    files.set(rel, `${frontmatter(rng)}${body(rng, title, names)}`);
    names.push(title);
  }
  const notes = [...files.keys()];
  for (let i = 1; i <= 20; i++) files.set(`${pick(rng, ['attachments', 'Garden 🌱/img', 'Reisen/Japan 2024'])}/photo ${i}.png`, PNG);
  // The app's own folder: never listed, indexed or touched.
  files.set('.obsidian/workspace.json', '{"main":{}}\n');
  files.set('.obsidian/snippets/note.md', '# not a note of the vault\n\nzeppelin quinoa\n');
  files.set('.trash/deleted.md', 'zeppelin\n');

  const bytes = await writeVaultFiles(root, files);
  return { root, notes: notes.length, bytes, paths: notes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  generatorMain('real-world-vault', 7, generateRealWorldVault).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
