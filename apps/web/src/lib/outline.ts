import { stripComments } from './obsidian-text';
import { slugify } from './vault-path';

export type OutlineEntry = { level: number; text: string; id: string };

/** Heading text as the note view draws it (and ids it): links by their label, marks of emphasis and code dropped. */
function plain(text: string): string {
  return text
    .replace(
      /!?\[\[([^[\]|#]*)(?:#([^[\]|]*))?(?:\|([^[\]]*))?\]\]/g,
      (_m, target: string, heading?: string, alias?: string) => alias ?? (target ? `${target}${heading ? ` › ${heading}` : ''}` : (heading ?? '')),
    )
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|~~|==|`)(.+?)\1/g, '$2')
    .replace(/\s+\^[A-Za-z0-9-]+$/, '')
    .replace(/\s+#+\s*$/, '')
    .trim();
}

/** The headings of a note, in order (`#` lines outside code; setext headings too), for the outline. */
export function outlineOf(markdown: string): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const lines = stripComments(markdown).split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence !== null) continue;
    const atx = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t]*$/.exec(line);
    const next = lines[i + 1];
    const setext = line.trim() && next && /^ {0,3}(=+|-+)[ \t]*$/.test(next) && !/^ {0,3}([-*+]|\d+[.)])\s/.test(line) ? (next.trim()[0] === '=' ? 1 : 2) : 0;
    const level = atx ? atx[1]!.length : setext;
    if (!level) continue;
    const text = plain(atx ? atx[2]! : line.trim());
    if (text) entries.push({ level, text, id: slugify(text) });
    if (setext) i++;
  }
  return entries;
}
