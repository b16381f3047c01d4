import path from 'node:path';
import type { CommitInfo } from './commit-log.js';
import { AUTHORS, infoFor, messageFor, type RunMeta } from './commit-message.js';
import { storeBlob } from './context.js';
import type { HistoryEngine } from './history-service.js';
import { rewriteHistory, type RewritePlan, type RewriteResult } from './history-rewrite.js';
import { readForHistory } from './history-file.js';
import { BRANCH, type TreeChange } from './repo.js';
import { fail, type HistoryOutcome } from './types.js';

/** Where the branch as it was before the first forget since the last confirm is kept. */
const BACKUP_REF = 'refs/knower/forget-backup';

export type ForgetMeta = Extract<RunMeta, { kind: 'forget' }>;

/** What a rewrite changed (or would change), without the id map. */
export type RewriteCount = Pick<RewriteResult, 'commits' | 'versions' | 'messages' | 'removed'>;

export interface ForgetDone extends RewriteCount {
  /** The forget's own commit. */
  commit: string | null;
}

const count = ({ commits, versions, messages, removed }: RewriteResult): RewriteCount => ({ commits, versions, messages, removed });

/**
 * Forgetting, on the history's side: every commit rewritten without what is forgotten, the
 * branch as it was kept under BACKUP_REF until the person confirms (then git drops the old
 * objects) or puts it back. Each runs in a turn of the history's own.
 */
export function createHistoryForget(engine: HistoryEngine) {
  const { ctx } = engine;
  const git = ctx.repo.git;

  async function ready<T>(fn: () => Promise<HistoryOutcome<T>>): Promise<HistoryOutcome<T>> {
    await engine.opened;
    const problem = engine.unavailable();
    return problem ? fail('history_unavailable', problem) : fn();
  }

  async function backupHead(): Promise<string | null> {
    const { stdout, code } = await git.run(['rev-parse', '--verify', '--quiet', `${BACKUP_REF}^{commit}`], { okCodes: [1] });
    return code === 0 ? stdout.toString().trim() : null;
  }

  /** The forget's own commit: the vault at the paths it changed, on the rewritten branch (made even when that changes nothing). */
  async function commitForget(paths: readonly string[], meta: ForgetMeta): Promise<CommitInfo | null> {
    const changes: TreeChange[] = [];
    for (const rel of paths) {
      const bytes = await readForHistory(path.join(ctx.root, rel));
      if (bytes !== undefined) changes.push({ path: rel, blob: bytes ? await storeBlob(ctx, bytes) : null });
    }
    const made = await ctx.repo.commit({ changes, message: messageFor(meta), author: AUTHORS.forget, date: new Date(meta.at), allowEmpty: true });
    if (!made) return null;
    const info = ctx.commits.add(infoFor(meta, made.commit, made.parent));
    ctx.published(info);
    return info;
  }

  return {
    /** What forgetting with `plan` would change in the history; nothing is written. */
    preview: (plan: RewritePlan): Promise<HistoryOutcome<RewriteCount>> => ready(async () => ({ ok: true, value: count(await rewriteHistory(git, plan, { write: false })) })),

    /**
     * In one turn: the person's pending edits committed, `vault()` takes what is forgotten out of
     * the vault (and names the paths it changed), every commit is rewritten with `plan`, the old
     * branch kept as the backup (the first forget's, when one waits already), and the forget's
     * own commit records the vault after it. Its message never holds what was forgotten.
     */
    forget: (job: { plan: RewritePlan; vault: () => Promise<string[]>; meta: (changed: string[]) => ForgetMeta }): Promise<HistoryOutcome<ForgetDone>> =>
      ready(() =>
        engine.exclusive(async () => {
          const changed = await job.vault();
          const before = ctx.repo.head;
          const rewritten = await rewriteHistory(git, job.plan, { write: true });
          if (before && !(await backupHead())) await git.run(['update-ref', BACKUP_REF, before, '']);
          if (rewritten.head && rewritten.head !== before) await git.run(['update-ref', BRANCH, rewritten.head, before ?? '']);
          await engine.reload();
          const info = await commitForget(changed, job.meta(changed));
          return { ok: true as const, value: { ...count(rewritten), commit: info?.commit ?? null } };
        }),
      ),

    /** Whether the old branch waits for the person's confirmation. */
    hasBackup: (): Promise<boolean> => engine.opened.then(() => (engine.unavailable() ? false : backupHead().then((head) => head !== null))),

    /** Drops the backup: git forgets the old commits and every object only they reached. */
    confirm: (): Promise<HistoryOutcome<{ dropped: boolean }>> =>
      ready(() =>
        engine.exclusive(async () => {
          const head = await backupHead();
          if (head) await git.run(['update-ref', '-d', BACKUP_REF]);
          await engine.dropUnreachable();
          return { ok: true as const, value: { dropped: head !== null } };
        }),
      ),

    /**
     * Puts the backup back: `vault()` first returns the vault's files to what they held, then
     * the branch is the old one again, and what the vault holds now that differs from it (work
     * done since the forget) is committed as hand edits.
     */
    restore: (vault: () => Promise<void>): Promise<HistoryOutcome<{ restored: boolean }>> =>
      ready(() =>
        engine.exclusive(async (): Promise<HistoryOutcome<{ restored: boolean }>> => {
          const head = await backupHead();
          await vault();
          if (!head) return { ok: true, value: { restored: false } };
          const current = ctx.repo.head;
          const differing = current ? await changedBetween(head, current) : [];
          await git.run(['update-ref', BRANCH, head, current ?? '']);
          await git.run(['update-ref', '-d', BACKUP_REF]);
          await engine.reload();
          if (differing.length) await engine.snapshotPaths(differing);
          return { ok: true, value: { restored: true } };
        }),
      ),
  };

  /** Paths whose files differ between two commits. */
  async function changedBetween(a: string, b: string): Promise<string[]> {
    const out = await git.run(['diff-tree', '-r', '-z', '--no-renames', '--name-only', a, b]);
    return out.stdout.toString('utf8').split('\0').filter(Boolean);
  }
}

export type HistoryForget = ReturnType<typeof createHistoryForget>;
