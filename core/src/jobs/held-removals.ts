import type { SyncResult } from '../search/index.js';

const under = (rel: string, folder: string) => rel === folder || rel.startsWith(`${folder}/`);

/**
 * A path found gone on the first look at a change may be mid-save (an editor moving the old
 * file aside before writing the new one): the listing lets go of it only after a look once it
 * is quiet, so clients never see it vanish and come back, and its stamp keeps its last body.
 * What a first look found gone is held here until then. The index worker has dropped those
 * paths already: a folder's later look does not report them again, so they are kept here.
 */
export class HeldRemovals {
  /** Path looked at first → what that look found gone under it. */
  private readonly held = new Map<string, string[]>();

  /** Takes out of `result` what its first looks found gone: `held` are the looked-at paths now holding some. */
  hold(result: SyncResult, firstLook: string[]): { result: SyncResult; held: string[] } {
    if (firstLook.length === 0 || result.removed.length === 0) return { result, held: [] };
    const held = firstLook.filter((f) => result.removed.some((rel) => under(rel, f)));
    if (held.length === 0) return { result, held };
    for (const f of held) this.held.set(f, [...(this.held.get(f) ?? []), ...result.removed.filter((rel) => under(rel, f))]);
    return { result: { ...result, removed: result.removed.filter((rel) => !held.some((f) => under(rel, f))) }, held };
  }

  /** The look once a path is quiet: what its first look found gone and is not back goes now. */
  release(result: SyncResult, batch: string[], firstLook: string[]): SyncResult {
    if (this.held.size === 0) return result;
    const first = new Set(firstLook);
    const gone: string[] = [];
    for (const rel of batch) {
      const held = this.held.get(rel);
      if (!held || first.has(rel)) continue;
      this.held.delete(rel);
      gone.push(...held);
    }
    if (gone.length === 0) return result;
    const seen = new Set([...result.removed, ...result.upserts.map((f) => f.path)]);
    return { ...result, removed: [...result.removed, ...gone.filter((rel) => !seen.has(rel))] };
  }
}
