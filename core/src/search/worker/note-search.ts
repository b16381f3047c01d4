import type { QueryPlan, Term } from './fts-query.js';
import type { RankFunction } from './index-db.js';
import { prefixEnd } from './prefix.js';
import type { Db } from './sqlite.js';

export interface SearchRow {
  path: string;
  title: string;
  /** In (0, 1], higher is better; notes holding every word rank above notes holding some. */
  score: number;
}

/** Title matches weigh four times body matches. */
const WEIGHTS = '4.0, 1.0';

/** A word in more than this share of the notes adds almost nothing to BM25 and costs the most to rank. */
const COMMON_SHARE = 0.2;
/** Below this many notes, no word is too common to rank. */
const COMMON_FLOOR = 1_000;
/** Words the OR pass ranks by, at most: the rarest; or, when all are common, the longest few. */
const MAX_OR_WORDS = 8;
const MAX_COMMON_OR_WORDS = 2;
/** Longer words a spaceless-script word is looked for inside, at most. */
const MAX_INFIX_WORDS = 64;

/**
 * A search worker's side of the index: ranks notes for a query plan (fts-query.ts) and reads the
 * hits. FTS ranks alone first, then the notes are fetched by id: joined in one statement,
 * SQLite's planner touched every match.
 */
export class NoteSearch {
  private readonly s;

  /** `rank`: FTS5's bm25, or the extension that computes it to the same results (index-db.ts). */
  constructor(db: Db, rank: RankFunction) {
    const RANK = `${rank}(notes_fts, ${WEIGHTS})`;
    this.s = {
      rank: db.prepare(`SELECT rowid AS id, ${RANK} AS score FROM notes_fts WHERE notes_fts MATCH ? ORDER BY score LIMIT ?`),
      rankUnder: db.prepare(`SELECT rowid AS id, ${RANK} AS score FROM notes_fts WHERE notes_fts MATCH ?
        AND rowid IN (SELECT id FROM notes WHERE path >= ? AND path < ?) ORDER BY score LIMIT ?`),
      // How many notes hold a word, counted no further than `cap`.
      count: db.prepare('SELECT COUNT(*) FROM (SELECT 1 FROM notes_fts WHERE notes_fts MATCH ? LIMIT ?)').pluck(),
      notes: db.prepare('SELECT COUNT(*) FROM notes').pluck(),
      byId: db.prepare('SELECT path, title FROM notes WHERE id = ?'),
      byPath: db.prepare('SELECT path, title FROM notes WHERE path = ?'),
      pdfText: db.prepare('SELECT text, said FROM pdf_texts WHERE path = ?'),
      // instr > 1: inside, not at the start (the term's prefix match covers those).
      holding: db.prepare(`SELECT word FROM spaceless_words WHERE instr(word, ?) > 1 LIMIT ${MAX_INFIX_WORDS}`).pluck(),
    };
  }

  /**
   * A term as FTS5 matches it. Thai, Lao, Khmer or Myanmar letters are also looked for as one
   * word, and inside the longer indexed words that hold them (บ้าน in หมู่บ้าน), as grep finds them.
   */
  private expression(term: Term): string {
    if (!term.infix) return term.expr;
    const whole = `"${term.infix}" *`;
    const parts = new Set([term.expr, whole, ...this.s.holding.all<string>(term.infix).map((w) => `"${w}"`)]);
    return parts.size === 1 ? term.expr : `(${[...parts].join(' OR ')})`;
  }

  private rank(match: string, limit: number, prefix: string | null): { id: number; score: number }[] {
    if (prefix) return this.s.rankUnder.all(match, prefix, prefixEnd(prefix), limit);
    return this.s.rank.all(match, limit);
  }

  /**
   * Notes holding every word first; when fewer than `limit` do, notes holding some of them,
   * ranked by BM25 over the words that are not in most notes anyway.
   */
  search(plan: QueryPlan, limit: number, prefix: string | null): SearchRow[] {
    const rows: SearchRow[] = [];
    const seen = new Set<number>();
    const add = (hits: { id: number; score: number }[], band: 0 | 1) => {
      for (const hit of hits) {
        if (seen.has(hit.id) || rows.length >= limit) continue;
        const note = this.s.byId.get<Omit<SearchRow, 'score'>>(hit.id);
        if (!note) continue;
        seen.add(hit.id);
        const s = Math.abs(hit.score);
        rows.push({ ...note, score: (band + s / (1 + s)) / 2 });
      }
    };
    const each = plan.terms.map((t) => this.expression(t));
    const all = each.length === 1 ? each[0]! : `(${each.join(' AND ')})`;
    add(this.rank(`${all}${plan.not}`, limit, prefix), 1);
    if (rows.length >= limit || each.length < 2) return rows;
    const words = this.uncommon(each);
    if (words.length > 0) add(this.rank(`(${words.join(' OR ')})${plan.not}`, limit + rows.length, prefix), 0);
    return rows;
  }

  /**
   * The words worth ranking by in the OR pass: the rarest of those in some notes but not in
   * most. When every word found is in most notes, the longest two: ranking every note that
   * holds any of a dozen common words costs the most and tells the least.
   */
  private uncommon(each: string[]): string[] {
    const notes = this.s.notes.get<number>() ?? 0;
    if (notes < COMMON_FLOOR) return each;
    const cap = Math.ceil(notes * COMMON_SHARE);
    const counted = each.map((word) => ({ word, n: this.s.count.get<number>(word, cap) ?? 0 })).filter((c) => c.n > 0);
    const rare = counted.filter((c) => c.n < cap).sort((a, b) => a.n - b.n);
    if (rare.length > 0) return rare.slice(0, MAX_OR_WORDS).map((c) => c.word);
    return counted
      .sort((a, b) => b.word.length - a.word.length)
      .slice(0, MAX_COMMON_OR_WORDS)
      .map((c) => c.word);
  }

  /** A PDF's text as it was indexed (pages separated by a form feed), and what part of the PDF it covers. */
  pdfText(rel: string): { text: string; said: string | null } | undefined {
    return this.s.pdfText.get(rel);
  }

  describe(paths: readonly string[]): Omit<SearchRow, 'score'>[] {
    return paths.flatMap((rel) => this.s.byPath.get<Omit<SearchRow, 'score'>>(rel) ?? []);
  }
}
