import { timestamp, tokenCount } from './frontmatter.js';

/** A fresh note with the frontmatter every vault note carries. */
export function newNote(body: string, now: Date, extra: Record<string, string | number> = {}): string {
  const at = timestamp(now);
  const fields = { created: at, updated: at, tokens: tokenCount(body), ...extra };
  const yaml = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return `---\n${yaml}\n---\n${body}`;
}
