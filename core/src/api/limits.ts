// Plain values, no zod: the CLI checks its input against them before it loads anything else.

/**
 * One limit per concept, the same at every entry point: HTTP, MCP, the agents' tools, the CLI
 * and the web app. Input over a limit is refused with the limit named, never cut silently.
 */
export const LIMITS = {
  /** Search words, a question, a file-name filter: characters as characterCount counts them. */
  queryChars: 2_000,
  /** Hits of one search, or names of one lookup (a count of them is one search away for a check). */
  results: 500,
  /** Entries of one page of a list: activity, history, a note's versions. */
  page: 100,
  /** A path in the vault, or a wikilink target. */
  pathChars: 4_096,
  /** An update, question or inbox item id (an inbox item's is its folder name). */
  idChars: 128,
  /** Wikilinks resolved in one request. */
  links: 500,
  /** Neighbouring passages a search hit may bring on each side of its best one. */
  contextPassages: 5,
} as const;

/** `names`: files one name lookup lists (GET /vault/find, the agents' and MCP's find). */
export const DEFAULTS = { results: 10, page: 20, names: 30 } as const;

/**
 * Characters as people count them, near enough: code points, so that an emoji or a CJK
 * extension character is one, not two as in JavaScript's length (JSON Schema's maxLength counts
 * the same way). Graphemes would count a Thai or Devanagari syllable with its marks as one; code
 * points keep the count a plain bound on the bytes a query carries (at most 4 each in UTF-8).
 */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
