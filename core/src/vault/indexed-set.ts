/**
 * Which vault files search covers: every markdown note, wherever it lives, except the files
 * the agents get in their context directly (overview.md, profile.md), the generated tree.md,
 * pending inbox items, and anything under a dot-folder.
 */
const NEVER_INDEXED = new Set(['overview.md', 'tree.md', 'profile.md']);

export function isIndexed(rel: string): boolean {
  return isNote(rel) && !isHiddenPath(rel) && !NEVER_INDEXED.has(rel) && !rel.startsWith('inbox/');
}

/** The same set in qmd's terms, for its collection config (its CLI runs deep search and embed). */
export const QMD_COLLECTION = { pattern: '**/*.md', ignore: ['overview.md', 'tree.md', 'profile.md', 'inbox/**'] } as const;

export const TREE_FILE = 'tree.md';

/**
 * The PDFs search covers, by their text (the index worker extracts it): the same rules as notes,
 * pending inbox items and dot-folders left out.
 */
export function isIndexedPdf(rel: string): boolean {
  return isPdf(rel) && !isHiddenPath(rel) && !rel.startsWith('inbox/');
}

export function isPdf(rel: string): boolean {
  return rel.toLowerCase().endsWith('.pdf');
}

export function isNote(rel: string): boolean {
  return rel.toLowerCase().endsWith('.md');
}

/** Dotfiles and dot-folders (.git, .obsidian, .vscode, our own temp files) are invisible. */
export function isHiddenPath(rel: string): boolean {
  return rel.split('/').some((segment) => segment.startsWith('.'));
}
