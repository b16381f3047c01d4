/**
 * A person's search words → an FTS5 MATCH expression over qmd's index that looks at note text
 * and titles only: qmd's own query also matches the `filepath` column, so a folder name (or the
 * collection's name) made every note below it a hit.
 *
 * qmd indexes with the `porter unicode61` tokenizer: letters, digits and private-use characters
 * make tokens, everything else separates them; CJK runs are indexed one character per token.
 * Terms are cut the same way here, so what the index split is asked for as a phrase.
 */

const COLUMNS = '{title body}';
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SEPARATOR = /[^\p{L}\p{N}\p{Co}]+/u;

/** The tokens FTS5 would make of a word, CJK characters one by one. */
export function tokensOf(word: string): string[] {
  const tokens: string[] = [];
  for (const part of word.toLowerCase().split(SEPARATOR)) {
    if (!part) continue;
    let run = '';
    for (const ch of part) {
      if (CJK.test(ch)) {
        if (run) tokens.push(run);
        run = '';
        tokens.push(ch);
      } else run += ch;
    }
    if (run) tokens.push(run);
  }
  return tokens;
}

/** One term: a prefix match for a plain word, an exact phrase for anything the tokenizer splits. */
function termExpression(word: string, exact: boolean): string | null {
  const tokens = tokensOf(word);
  if (tokens.length === 0) return null;
  if (tokens.length === 1 && !exact && !CJK.test(tokens[0]!)) return `"${tokens[0]}"*`;
  return `"${tokens.join(' ')}"`;
}

interface Parsed {
  positive: string[];
  negative: string[];
}

function parse(query: string): Parsed {
  const out: Parsed = { positive: [], negative: [] };
  const text = query.replace(/\s+/g, ' ').trim();
  // An unmatched quote is a typo, not syntax: treat it as a separator.
  const balanced = (text.match(/"/g) ?? []).length % 2 === 0 ? text : text.replace(/"/g, ' ');
  for (const m of balanced.matchAll(/(-?)"([^"]*)"|(\S+)/g)) {
    const quoted = m[2] !== undefined;
    let word = quoted ? m[2]! : m[3]!;
    let negated = m[1] === '-';
    // "-word" at a word's start is an exclusion; "well-known" inside a word is not.
    if (!quoted && word.startsWith('-') && word.length > 1) {
      negated = true;
      word = word.slice(1);
    }
    const expr = termExpression(word, quoted);
    if (expr) (negated ? out.negative : out.positive).push(expr);
  }
  return out;
}

/** The MATCH expression, or null when nothing searchable is left (only exclusions, or punctuation). */
export function buildMatch(query: string): string | null {
  const { positive, negative } = parse(query);
  if (positive.length === 0) return null;
  const want = `${COLUMNS} : (${positive.join(' AND ')})`;
  if (negative.length === 0) return want;
  return `${want} NOT ${COLUMNS} : (${negative.join(' OR ')})`;
}

/** Lower-cased words a snippet should show (not the excluded ones). */
export function wantedTerms(query: string): string[] {
  const terms = new Set<string>();
  const text = query.replace(/\s+/g, ' ').trim();
  for (const m of text.matchAll(/(-?)"([^"]*)"|(\S+)/g)) {
    const word = m[2] ?? m[3] ?? '';
    if (m[1] === '-' || (m[3]?.startsWith('-') && m[3].length > 1)) continue;
    for (const token of word.toLowerCase().split(SEPARATOR)) if (token) terms.add(token);
  }
  return [...terms];
}
