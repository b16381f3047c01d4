import { INBOX_DIR, OVERVIEW_FILE, PROFILE_FILE, TREE_FILE } from '../api/vault-layout.js';

/**
 * Which vault files search covers: every markdown note, wherever it lives, except the files
 * the agents get in their context directly (overview.md, profile.md), the generated tree.md,
 * pending inbox items, and anything under a dot-folder.
 */
const NEVER_INDEXED: ReadonlySet<string> = new Set([OVERVIEW_FILE, TREE_FILE, PROFILE_FILE]);
const inInbox = (rel: string) => rel.startsWith(`${INBOX_DIR}/`);

export function isIndexed(rel: string): boolean {
  return isNote(rel) && !isHiddenPath(rel) && !NEVER_INDEXED.has(rel) && !inInbox(rel);
}

/** The same set in qmd's terms, for its collection config (its CLI runs deep search and embed). */
export const QMD_COLLECTION = { pattern: '**/*.md', ignore: [...NEVER_INDEXED, `${INBOX_DIR}/**`] };

/**
 * The PDFs search covers, by their text (the index worker extracts it): the same rules as notes,
 * pending inbox items and dot-folders left out.
 */
export function isIndexedPdf(rel: string): boolean {
  return isPdf(rel) && !isHiddenPath(rel) && !inInbox(rel);
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
