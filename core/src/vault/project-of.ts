/** The project a vault path belongs to: `projects/<name>/…` → name; anything else (a file right under projects/ too) → undefined. */
export function projectOf(rel: string): string | undefined {
  return /^projects\/([^/]+)\/./.exec(rel)?.[1];
}
