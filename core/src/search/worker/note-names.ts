/**
 * A note's names as the search compares them with a query: its file name (without `.md`) and
 * its title, each cut by word-tokens.ts (any script; `c++`, `node.js`) and its tokens joined by
 * spaces. A query names a note when its words, or a run of them, are one of its names
 * (fts-query.ts builds those runs; note-search.ts ranks such notes first).
 */
import { tokenize } from './word-tokens.js';

/** Longer names are sentences rather than names: not kept, never asked for. */
export const MAX_NAME_TOKENS = 8;

/** The key a name is kept and looked up by; null when it is empty or too long to be a name. */
export function nameKey(text: string): string | null {
  const tokens = tokenize(text).filter((t) => t.kind !== 'boundary');
  if (tokens.length === 0 || tokens.length > MAX_NAME_TOKENS) return null;
  return tokens.map((t) => t.text).join(' ');
}

/** A note's file name: the last part of its path, without `.md` (or `.pdf`). */
export const fileName = (rel: string): string => rel.slice(rel.lastIndexOf('/') + 1).replace(/\.(md|pdf)$/i, '');
