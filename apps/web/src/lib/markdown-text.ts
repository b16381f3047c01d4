/**
 * Drops a leading `# Title` line when it repeats the title already shown above the text
 * (inbox items are titled from their review's first heading).
 */
export function stripTitleHeading(body: string, title: string): string {
  const match = /^\s*#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(body);
  if (!match || match[1]!.trim().toLowerCase() !== title.trim().toLowerCase()) return body;
  return body.slice(match[0].length).replace(/^\s*\n/, '');
}
