/**
 * The part of a note a `#…` names: under a heading, up to the next heading of the same or a
 * higher level; for a block id (`^abc123`) the block alone — its paragraph or list item, or
 * the block just above an id on a line of its own.
 */
export function section(body: string, heading: string): string {
  const lines = body.split('\n');
  if (heading.startsWith('^')) return block(lines, heading.slice(1)) ?? body;
  const start = lines.findIndex(
    (line) =>
      /^#{1,6}\s/.test(line) &&
      line
        .replace(/^#+\s+/, '')
        .trim()
        .toLowerCase() === heading.toLowerCase(),
  );
  if (start === -1) return body;
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((line, i) => i > start && /^#{1,6}\s/.test(line) && /^#+/.exec(line)![0].length <= level);
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

function block(lines: readonly string[], id: string): string | undefined {
  const marker = new RegExp(`(?:^|\\s)\\^${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const at = lines.findIndex((line) => marker.test(line));
  if (at === -1) return undefined;
  const strip = (line: string) => line.replace(marker, '');
  const blank = (i: number) => i < 0 || i >= lines.length || lines[i]!.trim() === '';
  // A list item is its own block.
  if (/^\s*(?:[-*+]|\d+[.)])\s/.test(lines[at]!)) return strip(lines[at]!).replace(/^\s*/, '');
  let start = at;
  let end = at;
  if (strip(lines[at]!).trim() === '') {
    // An id on its own line: the block above it.
    end = at - 1;
    while (end >= 0 && blank(end)) end--;
    if (end < 0) return undefined;
    start = end;
  }
  while (!blank(start - 1)) start--;
  return lines
    .slice(start, end + 1)
    .map((line, i) => (start + i === at ? strip(line) : line))
    .join('\n');
}
