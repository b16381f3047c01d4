import { realpath } from 'node:fs/promises';
import { runQmd, type QmdContext } from './qmd-process.js';
import { parseCollectionShow, parseIndexSummary, type IndexSummary } from './qmd-output.js';

export type CollectionSetup =
  | { ok: true; changed: boolean; summary?: IndexSummary }
  | { ok: false; error: string };

export interface CollectionSpec {
  vaultRoot: string;
  name: string;
  mask: string;
}

/**
 * Makes the collection exist over the vault with exactly the mask. A collection whose path or
 * mask differs is removed and added again: qmd has no command to change a mask in place.
 * Callers hold the writer lock: `collection add` indexes the vault.
 */
export async function ensureCollection(ctx: QmdContext, spec: CollectionSpec, timeoutMs: number): Promise<CollectionSetup> {
  const vaultRoot = await realpath(spec.vaultRoot).catch(() => spec.vaultRoot);
  const shown = await runQmd(ctx, ['collection', 'show', spec.name], timeoutMs);
  if (shown.ok) {
    const current = parseCollectionShow(shown.stdout);
    if (current.path === vaultRoot && current.pattern === spec.mask) return { ok: true, changed: false };
    const removed = await runQmd(ctx, ['collection', 'remove', spec.name], timeoutMs);
    if (!removed.ok) return { ok: false, error: removed.error };
  } else if (shown.timedOut || !/Collection not found/.test(shown.stderr + shown.stdout)) {
    return { ok: false, error: shown.error };
  }
  const added = await runQmd(ctx, ['collection', 'add', vaultRoot, '--name', spec.name, '--mask', spec.mask], timeoutMs);
  if (!added.ok) return { ok: false, error: added.error };
  return { ok: true, changed: true, summary: parseIndexSummary(added.stdout) };
}
