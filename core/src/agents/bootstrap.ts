import path from 'node:path';
import { OVERVIEW_FILE, PROFILE_FILE, readTextIfExists, renderVaultMap, type RootFile, type VaultIndex } from '../vault/index.js';
import { markSeen, type Session } from './session.js';

/** Token budgets (chars / 4, the vault's own measure): the bootstrap stays bounded at any vault size. */
export const TREE_BUDGET_TOKENS = 2_000;
export const NOTE_BUDGET_TOKENS = 3_000;

const tokensOf = (text: string) => Math.ceil(text.length / 4);

function cutAtLine(text: string, maxChars: number): string {
  const cut = text.lastIndexOf('\n', maxChars);
  return text.slice(0, cut > 0 ? cut : maxChars);
}

/**
 * tree.md as the agent first sees it: a map that fits the budget whatever the vault's size — the
 * most recently updated notes, every project by name, then folders as deep as the budget allows.
 * The tree tool gives the rest.
 */
export function boundedTreeView(index: VaultIndex, budgetTokens = TREE_BUDGET_TOKENS): string {
  return renderVaultMap(index, { budgetChars: budgetTokens * 4, recent: 10, filesPerFolder: 15 });
}

/**
 * overview.md / profile.md in full when they fit; a file shown whole counts as read by the run.
 * Where the person's own file holds the name, the agent gets Knower's version (kept in the
 * state dir), told so: the vault's file is theirs, to read, never to change.
 */
async function noteSection(session: Session, rel: RootFile): Promise<string> {
  const inVault = session.names?.inVault(rel) ?? true;
  const text = await readTextIfExists(session.names?.fileOf(rel) ?? path.join(session.root, rel));
  const title = inVault ? rel : `${rel} (Knower's own, kept outside the vault: the vault's ${rel} is the person's file, which you may read but not change)`;
  if (text === undefined) return `## ${title}\n(missing)`;
  if (tokensOf(text) <= NOTE_BUDGET_TOKENS) {
    if (inVault) markSeen(session, rel, text);
    return `## ${title}\n${text.trimEnd()}`;
  }
  return `## ${title} (first part only${inVault ? ': read it for the rest' : ''})\n${cutAtLine(text, NOTE_BUDGET_TOKENS * 4)}`;
}

/** The stable context every session starts with: overview, profile, and a bounded tree. */
export async function buildBootstrap(session: Session): Promise<string> {
  const totals = session.index.totals();
  return [
    '# Vault context (loaded at the start of this session)',
    await noteSection(session, OVERVIEW_FILE),
    await noteSection(session, PROFILE_FILE),
    `## tree.md (${totals.files} files, ${totals.notes} notes, ${totals.tokens} tokens; call tree(path, depth) to look inside a folder)\n${boundedTreeView(session.index)}`,
  ].join('\n\n');
}

export const estimateTokens = tokensOf;
