import path from 'node:path';
import { readTextIfExists, renderTreeListing, type IndexEntry } from '../vault/index.js';
import { markSeen, type Session } from './session.js';

/** Token budgets (chars / 4, the vault's own measure): the bootstrap stays bounded at any vault size. */
export const TREE_BUDGET_TOKENS = 2_000;
export const NOTE_BUDGET_TOKENS = 3_000;

const tokensOf = (text: string) => Math.ceil(text.length / 4);

function cutAtLine(text: string, maxChars: number): string {
  const cut = text.lastIndexOf('\n', maxChars);
  return text.slice(0, cut > 0 ? cut : maxChars);
}

/** Folders only (with file and token counts) down to maxDepth, then the root files. */
function foldersView(entries: IndexEntry[], maxDepth: number): string {
  const folders = new Map<string, { files: number; tokens: number }>();
  const rootFiles: IndexEntry[] = [];
  for (const e of entries) {
    const parts = e.path.split('/');
    if (parts.length === 1) rootFiles.push(e);
    for (let i = 1; i < parts.length && i <= maxDepth; i++) {
      const key = parts.slice(0, i).join('/');
      const stat = folders.get(key) ?? { files: 0, tokens: 0 };
      stat.files++;
      stat.tokens += e.tokens ?? 0;
      folders.set(key, stat);
    }
  }
  const byPath = (a: string, b: string) => a.split('/').join('\0').localeCompare(b.split('/').join('\0'));
  const lines = [...folders.keys()].sort(byPath).map((key) => {
    const { files, tokens } = folders.get(key)!;
    const depth = key.split('/').length - 1;
    return `${'  '.repeat(depth)}- ${key.slice(key.lastIndexOf('/') + 1)}/ · ${files} files · ${tokens} tokens`;
  });
  return [...lines, ...rootFiles.map((e) => `- ${e.path} · ${e.tokens ?? 0} tokens`)].join('\n');
}

/**
 * tree.md as the agent first sees it, the most detailed view that fits the budget: whole;
 * then the top levels with every file; then folders only (names and counts), which keeps the
 * project names visible in a huge vault; and if even the top level does not fit (thousands of
 * files at the root), cut, saying how much is missing. The tree tool gives the rest.
 */
export function boundedTreeView(entries: IndexEntry[], budgetTokens = TREE_BUDGET_TOKENS): string {
  const full = renderTreeListing(entries);
  if (tokensOf(full) <= budgetTokens) return full;
  const hint = 'call tree(path, depth) to look inside';
  for (const depth of [3, 2]) {
    const view = renderTreeListing(entries, { maxDepth: depth });
    if (tokensOf(view) <= budgetTokens) return `(summary: folders deeper than ${depth} levels are shown as counts; ${hint})\n${view}`;
  }
  for (const depth of [3, 2, 1]) {
    const view = foldersView(entries, depth);
    if (tokensOf(view) <= budgetTokens) return `(summary: folders only, ${depth} level${depth === 1 ? '' : 's'} deep, with file counts; ${hint})\n${view}`;
  }
  const top = foldersView(entries, 1);
  const shown = cutAtLine(top, budgetTokens * 4);
  const count = shown.split('\n').length;
  return `(summary: top level only, cut after ${count} lines; ${top.split('\n').length - count} more entries not shown: ${hint}, or search)\n${shown}`;
}

/** overview.md / profile.md in full when they fit; a file shown whole counts as read by the run. */
async function noteSection(session: Session, rel: string): Promise<string> {
  const text = await readTextIfExists(path.join(session.root, rel));
  if (text === undefined) return `## ${rel}\n(missing)`;
  if (tokensOf(text) <= NOTE_BUDGET_TOKENS) {
    markSeen(session, rel, text);
    return `## ${rel}\n${text.trimEnd()}`;
  }
  return `## ${rel} (first part only: read it for the rest)\n${cutAtLine(text, NOTE_BUDGET_TOKENS * 4)}`;
}

/** The stable context every session starts with: overview, profile, and a bounded tree. */
export async function buildBootstrap(session: Session): Promise<string> {
  const entries = session.index.list();
  const totals = session.index.totals();
  return [
    '# Vault context (loaded at the start of this session)',
    await noteSection(session, 'overview.md'),
    await noteSection(session, 'profile.md'),
    `## tree.md (${totals.files} files, ${totals.tokens} tokens)\n${boundedTreeView(entries) || '(empty vault)'}`,
  ].join('\n\n');
}

export const estimateTokens = tokensOf;
