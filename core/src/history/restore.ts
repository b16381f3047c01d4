import path from 'node:path';
import type { CommitInfo } from './commit-log.js';
import { blobAt, readBlobs } from './repo-read.js';
import type { RunHost } from './run-host.js';
import { readForHistory } from './snapshot.js';
import { fail, type HistoryOutcome, type RestoreReport } from './types.js';
import { same, writeOver } from './undo-path.js';

/**
 * Puts one note back to its version in `source`, over exactly what it holds now (a hand edit
 * landing meanwhile makes it look again, never lose the edit). The restore is a commit of its
 * own, so it can be undone.
 */
export async function restoreNote(host: RunHost, rel: string, source: CommitInfo): Promise<HistoryOutcome<RestoreReport>> {
  const { ctx } = host;
  const id = await blobAt(ctx.repo.git, source.commit, rel);
  if (!id) return fail('version_not_found', `${rel} has no version in ${source.commit.slice(0, 7)}`);
  const version = (await readBlobs(ctx.repo.git, [id])).get(id);
  if (!version) return fail('version_not_found', `the version of ${rel} in ${source.commit.slice(0, 7)} is missing from the history`);
  await host.settle();
  const abs = path.join(ctx.root, rel);
  const { value, info } = await host.journaled('restore', async (run) => {
    const meta = { kind: 'restore' as const, path: rel, from: source.commit, fromAt: source.at, at: ctx.clock().toISOString() };
    for (let attempt = 0; attempt < 4; attempt++) {
      const current = await readForHistory(abs);
      if (current === undefined) return { value: 'blocked' as const, meta };
      if (same(current, version)) return { value: 'unchanged' as const, meta };
      if (await writeOver(run.writer, abs, version, current)) return { value: 'restored' as const, meta };
    }
    return { value: 'busy' as const, meta };
  });
  if (value === 'blocked') return fail('restore_blocked', `${rel} is now a folder or a link; nothing was restored`);
  if (value === 'busy') return fail('restore_blocked', `${rel} kept changing while it was being restored; nothing was restored`);
  return { ok: true, value: { status: value, path: rel, from: source.commit, commit: info?.commit ?? null } };
}
