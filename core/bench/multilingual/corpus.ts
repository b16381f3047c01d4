/**
 * A multilingual vault whose right answers are known: notes written from the dictionaries in
 * words.ts, mostly one script each (some mix two, as people do), with headings, phrases and
 * the scripts' own punctuation. `grepFiles` is the reference: GNU grep over the same files.
 *   tsx bench/multilingual/corpus.ts --notes 1500 --out /tmp/multilingual
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { between, createRng, pick, type Rng } from '../corpus.js';
import { isIndexed } from '../../src/vault/indexed-set.js';
import { summarize, type Summary } from '../stats.js';
import { generatorMain, writeVaultFiles } from '../vault-files.js';
import { SCRIPTS, type ScriptWords } from './words.js';

export { SCRIPTS } from './words.js';

/** Words picked with Zipf-like weights: the first words of a list are common, the last rare. */
function word(rng: Rng, s: ScriptWords): string {
  const i = Math.floor(s.words.length * Math.pow(rng(), 1.6));
  return s.words[Math.min(i, s.words.length - 1)]!;
}

function phrase(rng: Rng, s: ScriptWords): string {
  const words = Array.from({ length: between(rng, 2, 4) }, () => word(rng, s));
  return words.join(s.spaced ? ' ' : '');
}

function paragraph(rng: Rng, s: ScriptWords): string {
  return (
    Array.from({ length: between(rng, 2, 6) }, () => phrase(rng, s))
      .join(s.stop)
      .trim() + s.stop.trim()
  );
}

function multilingualNote(rng: Rng): string {
  const main = pick(rng, SCRIPTS);
  const parts = [`# ${phrase(rng, main)}`];
  for (let i = between(rng, 1, 4); i > 0; i--) parts.push(paragraph(rng, main));
  // One note in five quotes a line in another script.
  if (rng() < 0.2) parts.push(`> ${paragraph(rng, pick(rng, SCRIPTS))}`);
  if (rng() < 0.3) parts.push(Array.from({ length: between(rng, 1, 3) }, () => `- ${phrase(rng, main)}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}

export async function generateMultilingualVault(root: string, notes: number, seed = 7): Promise<{ notes: number; bytes: number; paths: string[] }> {
  const rng = createRng(seed);
  const files = new Map<string, string>();
  for (let i = 0; i < notes; i++) files.set(`notes/${String(Math.floor(i / 200)).padStart(3, '0')}/n${String(i).padStart(5, '0')}.md`, multilingualNote(rng));
  const bytes = await writeVaultFiles(root, files);
  return { notes, bytes, paths: [...files.keys()] };
}

/** The notes GNU grep finds for a word, as vault-relative paths (grep -r over `root`). */
function grepFiles(root: string, word: string, kind: ScriptWords['grep']): Promise<string[]> {
  const args =
    kind === 'substring'
      ? ['-r', '-l', '-i', '-F', '--include=*.md', '--', word, '.']
      : ['-r', '-l', '-i', '-P', '--include=*.md', '--', `(?<![\\p{L}\\p{M}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, '.'];
  return new Promise((resolve, reject) => {
    const child = spawn('grep', args, { cwd: root, env: { ...process.env, LC_ALL: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.once('error', reject);
    child.once('close', (code) => {
      // 1 = nothing matched: an answer too.
      if (code !== 0 && code !== 1) return reject(new Error(`grep for "${word}" failed (${code}): ${err.trim()}`));
      resolve(
        out
          .split('\n')
          .filter(Boolean)
          .map((p) => p.replace(/^\.\//, ''))
          .sort(),
      );
    });
  });
}

export interface ScriptFigures {
  script: string;
  words: number;
  /** Notes grep found, summed over the words. */
  grepHits: number;
  searchHits: number;
  /** Of grep's notes, how many search found; of search's notes, how many grep found. */
  recall: number;
  precision: number;
  /** Words whose notes differ, with what differs (first few). */
  misses: { word: string; missing: string[]; extra: string[] }[];
  /** Time per word: the search, and grep over the files. */
  searchMs: Summary;
  grepMs: Summary;
}

/** Compares search with grep, word by word, file for file, for every script (over the notes search covers: not tree.md and the like). */
export async function compareWithGrep(root: string, search: (word: string) => Promise<string[]>): Promise<ScriptFigures[]> {
  const out: ScriptFigures[] = [];
  for (const s of SCRIPTS) {
    let grepHits = 0;
    let searchHits = 0;
    let both = 0;
    const misses: ScriptFigures['misses'] = [];
    const searchMs: number[] = [];
    const grepMs: number[] = [];
    for (const w of new Set(s.words)) {
      let started = performance.now();
      const expected = new Set((await grepFiles(root, w, s.grep)).filter(isIndexed));
      grepMs.push(performance.now() - started);
      started = performance.now();
      const found = new Set(await search(w));
      searchMs.push(performance.now() - started);
      const common = [...found].filter((p) => expected.has(p)).length;
      grepHits += expected.size;
      searchHits += found.size;
      both += common;
      if (common !== expected.size || common !== found.size) {
        misses.push({ word: w, missing: [...expected].filter((p) => !found.has(p)).slice(0, 3), extra: [...found].filter((p) => !expected.has(p)).slice(0, 3) });
      }
    }
    out.push({
      script: s.script,
      words: new Set(s.words).size,
      grepHits,
      searchHits,
      recall: grepHits ? both / grepHits : 1,
      precision: searchHits ? both / searchHits : 1,
      misses,
      searchMs: summarize(searchMs),
      grepMs: summarize(grepMs),
    });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await generatorMain(path.join('multilingual', 'corpus'), 7, generateMultilingualVault);
}
