import { escapeRegExp } from './note-text.js';
import type { Session } from './session.js';

/** `tasks.md` must not count as cited because `projects/a/tasks.md` is. */
function cites(markdown: string, rel: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}_./-])${escapeRegExp(rel)}(?![\\p{L}\\p{N}_/-])`, 'u').test(markdown);
}

/**
 * The files an answer used: those it cites by path that the run actually looked at (read,
 * shown whole in the bootstrap, or surfaced by search). An answer that cites no path falls
 * back to every file the run read.
 */
export function answerSources(session: Session, markdown: string): string[] {
  const known = new Set([...session.read, ...session.seen.keys(), ...session.surfaced]);
  const cited = [...known].filter((rel) => cites(markdown, rel));
  return (cited.length > 0 ? cited : [...session.read]).sort();
}
