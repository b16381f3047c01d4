/**
 * The multilingual table: a generated vault in fifteen scripts (corpus.ts), the service started
 * on it as a person would, and every dictionary word searched for, compared with GNU grep file
 * for file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SearchResult } from '../../src/search/index.js';
import { AS_TYPED_SCORE } from '../../src/search/worker/note-search.js';
import { getJson } from '../service.js';
import { startServiceProcess } from '../service-process.js';
import { compareWithGrep, generateMultilingualVault, type ScriptFigures } from './corpus.js';

export interface MultilingualFigures {
  notes: number;
  bytes: number;
  scripts: ScriptFigures[];
}

export async function benchMultilingual(opts: { notes: number; nodeBinary: string; port: number; env: NodeJS.ProcessEnv }): Promise<MultilingualFigures> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'knower-bench-multilingual-'));
  try {
    const vault = path.join(temp, 'vault');
    const generated = await generateMultilingualVault(vault, opts.notes);
    const svc = await startServiceProcess({ nodeBinary: opts.nodeBinary, vault, stateDir: path.join(temp, 'state'), port: opts.port, env: opts.env });
    try {
      await svc.untilIdle(30 * 60_000);
      const scripts = await compareWithGrep(vault, async (word) => {
        const { body } = await getJson<SearchResult>(svc.base, `/vault/search?q=${encodeURIComponent(word)}&limit=500`);
        if (body.degraded) throw new Error(`search for "${word}" degraded: ${body.degraded}`);
        if (body.results.length === 500) throw new Error(`"${word}" has 500 hits or more: use a smaller vault for the comparison`);
        // What grep finds is what the words as typed find; the notes their stems find rank below.
        return body.results.filter((h) => h.score >= AS_TYPED_SCORE).map((h) => h.path);
      });
      return { notes: generated.notes, bytes: generated.bytes, scripts };
    } finally {
      await svc.close();
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

export function formatMultilingual(m: MultilingualFigures): string {
  const cols = ['words', 'grep notes', 'search notes', 'recall', 'precision', 'search ms', 'grep ms'];
  return [
    '',
    `=== multilingual: ${m.notes.toLocaleString('en')} notes, ${(m.bytes / 1e6).toFixed(1)} MB; every dictionary word searched and grepped (medians per word) ===`,
    '  grep: -P "(?<![\\p{L}\\p{M}\\p{N}])word" (the word at a word start) where words are spaced; -F (anywhere) for CJK, Thai, Lao, Khmer, Myanmar',
    `  ${'script'.padEnd(12)}${cols.map((c) => c.padStart(13)).join('')}`,
    ...m.scripts.map(
      (s) =>
        `  ${s.script.padEnd(12)}${[String(s.words), String(s.grepHits), String(s.searchHits), pct(s.recall), pct(s.precision), s.searchMs.median.toFixed(1), s.grepMs.median.toFixed(1)].map((c) => c.padStart(13)).join('')}`,
    ),
    ...m.scripts.filter((s) => s.misses.length > 0).map((s) => `  ${s.script}: differing words ${s.misses.map((x) => `${x.word} (−${x.missing.length} +${x.extra.length})`).join(', ')}`),
  ].join('\n');
}
