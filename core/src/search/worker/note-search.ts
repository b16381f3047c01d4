import type { QueryPlan, Term } from './fts-query.js';
import type { RankFunction } from './index-db.js';
import type { Language } from './stemming.js';
import { prefixEnd } from './prefix.js';
import type { Db } from './sqlite.js';

export interface SearchRow {
  path: string;
  title: string;
  /** In (0, 1], higher is better; notes holding every word rank above notes holding some (0.5). */
  score: number;
}

/** Title matches weigh four times body matches; a stem (any column) weighs as the body does. */
const WEIGHTS = '4.0, 1.0, 1.0';

/** A word in more than this share of the notes adds almost nothing to BM25 and costs the most to rank. */
const COMMON_SHARE = 0.2;
/** Below this many notes, no word is too common to rank. */
const COMMON_FLOOR = 1_000;
/** Words the OR pass ranks by, at most: the rarest; or, when all are common, the longest few. */
const MAX_OR_WORDS = 8;
const MAX_COMMON_OR_WORDS = 2;
/** Longer words a spaceless-script word is looked for inside, at most. */
const MAX_INFIX_WORDS = 64;
/** Notes named by a query that are ranked first, at most. */
const MAX_NAMED = 32;
/**
 * Queries of this many content words or more are questions, ranked by how much of them a note
 * holds (NoteSearch.question): a strict AND of three or more words crowds out the answer that
 * misses one of them. One or two words keep the bands: every word first.
 */
const QUESTION_TERMS = 3;
/** The notes of the OR of a question's uncommon words that are scored, at most. */
const POOL = 50;
/** A question's words ranked all-but-one (each left out in turn), at most: one AND each. */
const LEAVE_ONE_OUT = 6;
/** What a word in most notes still weighs in a question's coverage (BM25's idf reaches 0 at half the notes). */
const MIN_WEIGHT = 0.1;
/** What a word held only by another form (its stem) counts in a question's coverage: the word as typed counts 1. */
const STEM_SHARE = 0.75;
/** How much coverage counts against BM25 in a question's score (1: as much; 0: not at all). */
const COVER_POWER = 1.5;
/** Languages a query of unclear language is stemmed in: the vault's most common, if a note in this many is in it. */
const LANGUAGE_SHARE = 0.05;

/**
 * The bands a hit can rank in, best first, each its own slice of the score. Notes holding every
 * word as typed (or named by the query, below) come first, then notes holding every word as
 * typed or by its stems, then notes holding some of the rarest words: a note with the exact word
 * wins over one with another form of it. In each band, the notes the query names (their file
 * name or title is one of its words, or a run of them) come first: named after a word, a note
 * counts as holding it, and ranks first when it holds at least half of the other words too;
 * named after one word of a question it is otherwise off-topic for, it stays below the notes
 * holding them all (namedAbout). A question (three words or more) has two: the notes it names,
 * then every other note by how much of it it holds (`question`, below the words as typed).
 */
type Band = 'named' | 'exact' | 'namedStems' | 'stems' | 'namedSome' | 'some' | 'question';
const SCORE_SLICE: Record<Band, [number, number]> = {
  named: [0.875, 1],
  exact: [0.75, 0.875],
  namedStems: [0.625, 0.75],
  stems: [0.5, 0.625],
  namedSome: [0.25, 0.5],
  some: [0, 0.25],
  question: [0, 0.75],
};

/**
 * Hits scoring at least this hold every word as typed (or are named by the query): grep's
 * answer. Below it are the notes found by the words' stems, or holding only some words, and a
 * question's hits, which rank by how much of it they hold.
 */
export const AS_TYPED_SCORE = SCORE_SLICE.exact[0];

interface Named {
  id: number;
  path: string;
  title: string;
  /** The terms its name stands for. */
  covers: Set<number>;
}

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
      rankAmong: db.prepare(`SELECT rowid AS id, ${RANK} AS score FROM notes_fts WHERE notes_fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`),
      rankUnder: db.prepare(`SELECT rowid AS id, ${RANK} AS score FROM notes_fts WHERE notes_fts MATCH ?
        AND rowid IN (SELECT id FROM notes WHERE path >= ? AND path < ?) ORDER BY score LIMIT ?`),
      // How many notes hold a word, counted no further than `cap`.
      count: db.prepare('SELECT COUNT(*) FROM (SELECT 1 FROM notes_fts WHERE notes_fts MATCH ? LIMIT ?)').pluck(),
      // Whether one note holds what an expression asks (the rowid bounds FTS5's reading to that note).
      // CAST: FTS5 ignores a rowid bound to a number given as a float, which is how JS numbers arrive.
      holds: db.prepare('SELECT 1 FROM notes_fts WHERE notes_fts MATCH ? AND rowid = CAST(? AS INTEGER)').pluck(),
      // Which of these notes hold what an expression asks: each sought by its rowid, as `holds` does.
      holdsAmong: db.prepare('SELECT rowid FROM notes_fts WHERE notes_fts MATCH ? AND rowid IN (SELECT CAST(value AS INTEGER) FROM json_each(?))').pluck(),
      notes: db.prepare('SELECT COUNT(*) FROM notes').pluck(),
      byId: db.prepare('SELECT path, title FROM notes WHERE id = ?'),
      byPath: db.prepare('SELECT path, title FROM notes WHERE path = ?'),
      named: db.prepare(`SELECT id, path, title, name_key, title_key FROM notes WHERE name_key IN (SELECT value FROM json_each(?))
        UNION SELECT id, path, title, name_key, title_key FROM notes WHERE title_key IN (SELECT value FROM json_each(?)) LIMIT ${MAX_NAMED * 4}`),
      languages: db.prepare('SELECT lang, notes FROM languages ORDER BY notes DESC, lang'),
      pdfText: db.prepare('SELECT text, said FROM pdf_texts WHERE path = ?'),
      // instr > 1: inside, not at the start (the term's prefix match covers those).
      holding: db.prepare(`SELECT word FROM spaceless_words WHERE instr(word, ?) > 1 LIMIT ${MAX_INFIX_WORDS}`).pluck(),
    };
  }

  /** The languages the vault's notes were detected in, most notes first: those a query of unclear language is stemmed in. */
  languages(): Language[] {
    const counts = this.s.languages.all<{ lang: Language; notes: number }>();
    const total = counts.reduce((n, c) => n + c.notes, 0);
    return counts.filter((c) => c.notes >= total * LANGUAGE_SHARE).map((c) => c.lang);
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
   * Notes the query names first, then notes holding every word as typed; when fewer than
   * `limit`, notes holding every word or its stems; then notes holding some of them, ranked by
   * BM25 over the words that are not in most notes anyway (see Band). A question ranks apart
   * (`question`).
   */
  search(plan: QueryPlan, limit: number, prefix: string | null): SearchRow[] {
    if (plan.terms.length >= QUESTION_TERMS) return this.question(plan, limit, prefix);
    const rows: SearchRow[] = [];
    const seen = new Set<number>();
    const add = (hits: { id: number; score: number }[], band: Band) => {
      const [low, high] = SCORE_SLICE[band];
      for (const hit of hits) {
        if (seen.has(hit.id) || rows.length >= limit) continue;
        const note = this.s.byId.get<Omit<SearchRow, 'score'>>(hit.id);
        if (!note) continue;
        seen.add(hit.id);
        const s = Math.abs(hit.score);
        rows.push({ ...note, score: low + ((high - low) * s) / (1 + s) });
      }
    };
    const exact = plan.terms.map((t) => this.expression(t));
    const wide = plan.terms.map((t, i) => t.wide ?? exact[i]!);
    const named = this.named(plan, prefix);
    const every = (each: string[]) => (each.length === 1 ? each[0]! : `(${each.join(' AND ')})`);

    add(this.namedAbout(named, exact, plan.excluded), 'named');
    add(this.rank(`${every(exact)}${plan.not}`, limit + rows.length, prefix), 'exact');
    if (rows.length >= limit) return rows;
    if (plan.terms.some((t) => t.wide)) {
      add(this.namedAbout(named, wide, plan.excluded), 'namedStems');
      add(this.rank(`${every(wide)}${plan.not}`, limit + rows.length, prefix), 'stems');
      if (rows.length >= limit) return rows;
    }
    if (wide.length < 2) return rows;
    add(this.namedAbout(named, null, plan.excluded), 'namedSome');
    const words = this.uncommon(this.counted(wide));
    if (words.length > 0) add(this.rank(`(${words.join(' OR ')})${plan.not}`, limit + rows.length, prefix), 'some');
    return rows;
  }

  /**
   * A question (QUESTION_TERMS content words or more): the notes it names first, as in search();
   * then the notes holding most of its words, so that an answer missing one of them can still
   * win. Each candidate's score is its BM25 over the OR of the words found, times its coverage
   * (the share of the words' weight it holds, a stem-only match counting STEM_SHARE of a word as
   * typed) to the power COVER_POWER: holding more of the rare words counts for more than
   * repeating one. Candidates, bounded: the best POOL notes of the OR of the uncommon words (as
   * the `some` band ranks them), the notes holding every word found, and those holding all but
   * one (for up to LEAVE_ONE_OUT words).
   */
  private question(plan: QueryPlan, limit: number, prefix: string | null): SearchRow[] {
    const rows: SearchRow[] = [];
    const exact = plan.terms.map((t) => this.expression(t));
    const wide = plan.terms.map((t, i) => t.wide ?? exact[i]!);
    const names = this.named(plan, prefix);
    const named = this.namedAbout(names, exact, plan.excluded);
    const seen = new Set<number>();
    const push = (id: number, [low, high]: [number, number], s: number) => {
      const note = rows.length < limit && !seen.has(id) ? this.s.byId.get<Omit<SearchRow, 'score'>>(id) : undefined;
      if (!note) return;
      seen.add(id);
      rows.push({ ...note, score: low + ((high - low) * s) / (1 + s) });
    };
    for (const hit of named) push(hit.id, SCORE_SLICE.named, hit.score);
    const counted = this.counted(wide);
    const found = counted.filter((c) => c.n > 0);
    if (found.length === 0 || rows.length >= limit) return rows;
    const total = this.s.notes.get<number>() ?? 0;
    const weight = (n: number) => Math.max(MIN_WEIGHT, Math.log((total - n + 0.5) / (n + 0.5)));
    const candidates = new Set(this.rank(`(${this.uncommon(counted).join(' OR ')})${plan.not}`, POOL, prefix).map((h) => h.id));
    const all = found.map((c) => c.word);
    const every = (each: string[]) => (each.length === 1 ? each[0]! : `(${each.join(' AND ')})`);
    const allButOne = all.length > 2 && all.length <= LEAVE_ONE_OUT ? all.map((_, i) => all.filter((__, j) => j !== i)) : [];
    for (const each of [all, ...allButOne]) for (const h of this.rank(`${every(each)}${plan.not}`, limit, prefix)) candidates.add(h.id);
    const among = this.s.rankAmong.all<{ id: number; score: number }>(`(${all.join(' OR ')})`, JSON.stringify([...candidates]));
    // A word found in no note tells nothing apart: the coverage is over the words found.
    const sum = found.reduce((n, c) => n + weight(c.n), 0);
    // Which candidates hold each word as typed, and by its stems: one look-up per word, each candidate sought by rowid.
    const ids = JSON.stringify(among.map((h) => h.id));
    const holding = (expr: string) => new Set(this.s.holdsAmong.all<number>(expr, ids));
    const held = new Map<number, number>();
    for (const [t, c] of counted.entries()) {
      if (c.n === 0) continue;
      const typed = holding(exact[t]!);
      const stems = c.word === exact[t] ? typed : holding(c.word);
      for (const id of stems) held.set(id, (held.get(id) ?? 0) + (typed.has(id) ? 1 : STEM_SHARE) * weight(c.n));
    }
    const scored = among.map((h) => {
      const share = (held.get(h.id) ?? 0) / sum;
      return { id: h.id, score: Math.abs(h.score) * share ** COVER_POWER, every: share >= 1 - 1e-9 };
    });
    scored.sort((x, y) => y.score - x.score);
    // A note named after one word of a question it is otherwise off-topic for ranks where the
    // bands put it: after the notes holding every word, before the first that misses one.
    const missing = scored.findIndex((h) => !h.every);
    const offTopic = this.namedAbout(names, null, plan.excluded).map((h) => ({ id: h.id, score: scored[missing]?.score ?? 0, every: false }));
    scored.splice(missing < 0 ? scored.length : missing, 0, ...offTopic);
    for (const hit of scored) push(hit.id, SCORE_SLICE.question, hit.score);
    return rows;
  }

  /**
   * The notes whose file name or title the query names (fts-query.ts's `names`), under
   * `prefix`: those named by more of its words first, then by file name before title, then the
   * shorter paths (git.md before tools/git/git.md).
   */
  private named(plan: QueryPlan, prefix: string | null): Named[] {
    if (plan.names.length === 0) return [];
    const covers = new Map(plan.names.map((n) => [n.key, n.covers]));
    const keys = JSON.stringify([...covers.keys()]);
    const rows = this.s.named.all<{ id: number; path: string; title: string; name_key: string | null; title_key: string | null }>(keys, keys);
    const found = rows
      .filter((r) => !prefix || r.path.startsWith(prefix))
      .map((r) => {
        const byName = covers.get(r.name_key ?? '') ?? [];
        const byTitle = covers.get(r.title_key ?? '') ?? [];
        return { id: r.id, path: r.path, title: r.title, covers: new Set(byName.length >= byTitle.length ? byName : byTitle), byName: byName.length >= byTitle.length };
      });
    found.sort((a, b) => b.covers.size - a.covers.size || Number(b.byName) - Number(a.byName) || a.path.length - b.path.length || (a.path < b.path ? -1 : 1));
    return found.slice(0, MAX_NAMED);
  }

  /**
   * The named notes that are about what the query asks: they hold at least half of the words
   * their name does not stand for (`each`: every term's expression; null: any named note is
   * about some of it), and none excluded. The tar page holds "archive" but writes "E[x]tract":
   * "how do I extract a tar archive" names it; the rename page holds neither "git" nor "branch":
   * "rename git branch" does not. Those holding all of them first, then in `named`'s order.
   */
  private namedAbout(named: Named[], each: string[] | null, excluded: string): { id: number; score: number }[] {
    const out: { id: number; score: number }[] = [];
    for (const [i, note] of named.entries()) {
      if (excluded && this.s.holds.get(excluded, note.id)) continue;
      const rest = each?.filter((_, t) => !note.covers.has(t)) ?? [];
      const held = rest.filter((expr) => this.s.holds.get(expr, note.id)).length;
      if (held * 2 < rest.length) continue;
      const all = held === rest.length ? 1 : 0;
      out.push({ id: note.id, score: all * MAX_NAMED + (MAX_NAMED - i) });
    }
    return out.sort((a, b) => b.score - a.score);
  }

  /**
   * How many notes hold each word, counted no further than COMMON_SHARE of the notes (a word in
   * more weighs next to nothing, and counting it costs as much as ranking it); below
   * COMMON_FLOOR notes, counted whole.
   */
  private counted(each: string[]): { word: string; n: number }[] {
    const notes = this.s.notes.get<number>() ?? 0;
    const cap = notes < COMMON_FLOOR ? notes + 1 : Math.ceil(notes * COMMON_SHARE);
    return each.map((word) => ({ word, n: this.s.count.get<number>(word, cap) ?? 0 }));
  }

  /**
   * The words worth ranking by in the OR pass: the rarest of those in some notes but not in
   * most. When every word found is in most notes, the longest two: ranking every note that
   * holds any of a dozen common words costs the most and tells the least.
   */
  private uncommon(counted: { word: string; n: number }[]): string[] {
    const notes = this.s.notes.get<number>() ?? 0;
    const found = counted.filter((c) => c.n > 0);
    if (notes < COMMON_FLOOR) return found.map((c) => c.word);
    const cap = Math.ceil(notes * COMMON_SHARE);
    const rare = found.filter((c) => c.n < cap).sort((a, b) => a.n - b.n);
    if (rare.length > 0) return rare.slice(0, MAX_OR_WORDS).map((c) => c.word);
    return found
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
