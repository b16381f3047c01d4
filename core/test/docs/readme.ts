// The README, read as the tests that check it against the product need it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/config/paths.js';

export const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

/** The text of one `## Section`, up to the next. */
export function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}`);
  if (start === -1) throw new Error(`no section "${title}" in the README`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The rows of the first markdown table in `text` (leading spaces allowed, as in a list), cells trimmed, header and rule left out. */
export function tableRows(text: string): string[][] {
  const lines = text.split('\n').map((l) => l.trim());
  const first = lines.findIndex((l, i) => l.startsWith('|') && lines[i + 1]?.startsWith('|---'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    // Split on the pipes between cells, not on an escaped one (\|) inside a cell.
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** The `code` spans of a table cell. */
export const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

/** Indented code blocks that follow "in `.env`:" and the hosted-endpoint heading: settings as people copy them. */
export function envSnippets(): string[] {
  const blocks: string[] = [];
  for (const match of readme.matchAll(/(?:[Ii]n `\.env`:|### A hosted OpenAI-compatible endpoint)\n\n((?: {4}.*\n)+)/g)) {
    blocks.push((match[1] ?? '').replace(/^ {4}/gm, ''));
  }
  return blocks;
}

/** The commands in the README's ```sh blocks, one per line, comments removed. */
export function shellCommands(): string[] {
  const commands: string[] = [];
  for (const match of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of (match[1] ?? '').split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command) commands.push(command);
    }
  }
  return commands;
}

/** The `claude mcp add …` lines, as written. */
export function claudeMcpLines(): string[] {
  return [...readme.matchAll(/^ {4}(claude mcp add .*)$/gm)].map((m) => m[1] ?? '');
}
