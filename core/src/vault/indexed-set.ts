/**
 * Which vault files qmd indexes. Never indexed: overview.md, tree.md, profile.md, inbox/.
 * The mask and the predicate describe the same set; a test keeps them in step.
 */
export const QMD_MASK = '{changelog.md,tasks.md,projects/**/*.md,bucket/**/*.md}';

export function isIndexed(rel: string): boolean {
  if (!rel.endsWith('.md')) return false;
  if (rel === 'changelog.md' || rel === 'tasks.md') return true;
  return rel.startsWith('projects/') || rel.startsWith('bucket/');
}

export const TREE_FILE = 'tree.md';

export function isNote(rel: string): boolean {
  return rel.toLowerCase().endsWith('.md');
}

/** Dotfiles and dot-folders (.git, .obsidian, .vscode, our own temp files) are invisible. */
export function isHiddenPath(rel: string): boolean {
  return rel.split('/').some((segment) => segment.startsWith('.'));
}
