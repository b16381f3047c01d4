import path from 'node:path';
import { changelogInVault, changelogMentions, logToChangelog } from '../changelog.js';
import type { RunDeps } from '../session.js';
import { BUCKET_DIR, CHANGELOG_FILE, parseNote, readTextIfExists, setFrontmatterFields, type VaultAccess } from '../../vault/index.js';

/**
 * Creates `bucket/<stem>.md` (then -2, -3… when taken) holding `body`. A note already carrying
 * this update id is the same update run again (after a crash): it is reused, not duplicated.
 */
export async function createBucketNote(vault: VaultAccess, stem: string, body: string, fields: Record<string, string>, updateId: string): Promise<string> {
  const text = setFrontmatterFields(body, { ...fields, update_id: JSON.stringify(updateId) });
  for (let n = 1; n < 10_000; n++) {
    const rel = `${BUCKET_DIR}/${n === 1 ? stem : `${stem}-${n}`}.md`;
    const abs = path.join(vault.root, rel);
    if ((await vault.writer.write(abs, text, { expect: null })).ok) return rel;
    const existing = await readTextIfExists(abs);
    const parsed = existing === undefined ? undefined : parseNote(existing);
    if (parsed?.ok && String(parsed.data.update_id) === updateId) return rel;
  }
  throw new Error(`no free name for ${BUCKET_DIR}/${stem}.md`);
}

export const firstLine = (text: string): string => text.trim().split('\n')[0]?.trim().slice(0, 80) ?? '';

/** Logs once per update id, however many times the update is run. */
export async function logOnce(deps: RunDeps, updateId: string, lines: string[]): Promise<string[]> {
  if (await changelogMentions(deps, updateId)) return [];
  return (await logToChangelog(deps, deps.clock(), updateId, lines)) && changelogInVault(deps) ? [CHANGELOG_FILE] : [];
}
