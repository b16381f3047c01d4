import path from 'node:path';
import { CHANGELOG_FILE, readTextIfExists, type VaultAccess } from '../vault/index.js';
import { escapeRegExp, headAndBody, insertAtTop } from './note-text.js';

/** "2025-01-31 14:02 UTC": the heading format the update agent is told to use too. */
export function entryTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function entryHeading(date: Date, updateId: string): string {
  return `## ${entryTime(date)} · update ${updateId}`;
}

/** Knower's changelog: at the vault root, or in the state dir where the person's own changelog.md is. */
const changelogFile = (vault: Pick<VaultAccess, 'root' | 'names'>): string => vault.names?.fileOf(CHANGELOG_FILE) ?? path.join(vault.root, CHANGELOG_FILE);

/** Whether the log entry is a change to the vault (it is not when Knower's changelog is kept aside). */
export const changelogInVault = (vault: Pick<VaultAccess, 'names'>): boolean => vault.names?.inVault(CHANGELOG_FILE) ?? true;

/** Whether the changelog already mentions this update (a re-run must not log twice). */
export async function changelogMentions(vault: Pick<VaultAccess, 'root' | 'names'>, updateId: string): Promise<boolean> {
  const text = await readTextIfExists(changelogFile(vault));
  // "update u1" must not be found inside "update u10".
  return text !== undefined && new RegExp(`update ${escapeRegExp(updateId)}(?![\\w.-])`).test(text);
}

/**
 * Adds an entry at the top of changelog.md (newest first, under its title) by compare-and-swap:
 * a hand edit landing meanwhile makes it re-read and try again, never overwrite.
 */
export async function logToChangelog(vault: VaultAccess, date: Date, updateId: string, lines: string[]): Promise<boolean> {
  const abs = changelogFile(vault);
  const entry = [entryHeading(date, updateId), ...lines.map((l) => `- ${l}`)].join('\n');
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await readTextIfExists(abs);
    if (current === undefined) {
      const created = await vault.writer.write(abs, `# Changelog\n\nNewest first.\n\n${entry}\n`, { expect: null });
      if (created.ok) return true;
      continue;
    }
    const { head, body } = headAndBody(current);
    const outcome = await vault.writer.write(abs, head + insertAtTop(body, entry), { expect: current });
    if (outcome.ok) return true;
  }
  return false;
}
