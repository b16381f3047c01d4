import path from 'node:path';
import type { Questions } from '../activity/index.js';
import type { ForgetConfirm, ForgetReport, ForgetRestore, ForgetStatus } from '../api/index.js';
import type { EventBus } from '../events/index.js';
import { blobId, type History, type RewriteCount } from '../history/index.js';
import type { Logger } from '../logger.js';
import type { SearchEngine } from '../search/index.js';
import type { VaultTurns } from '../vault/index.js';
import { ForgetBackup } from './forget-backup.js';
import { forgettingOf, rewritePlanOf, type Forgetting, type Refusal } from './forgetting.js';
import { applyRecords, planRecords, restoreRecords, type RecordPlan, type RecordStores } from './record-forget.js';
import { applyVault, noVaultChange, planVault, restoreVault, type NoteRecord, type VaultChange, type VaultOutcome } from './vault-forget.js';

export interface ForgetDeps extends RecordStores {
  root: string;
  clock: () => Date;
  log: Logger;
  bus: EventBus;
  /** A forget, a confirm and a restore each take a turn of the vault's: no update, undo or restore runs meanwhile. */
  turns: Pick<VaultTurns, 'run'>;
  history: Pick<History, 'forgetting'>;
  questions: Pick<Questions, 'all' | 'amend' | 'settled'>;
  search: Pick<SearchEngine, 'sync' | 'purge'>;
  /** Knower's record of its own notes (a renamed note stays Knower's; the old names are not kept). */
  notes: NoteRecord;
}

export type ForgetOutcome<T> = { ok: true; value: T } | Refusal;

const NO_BACKUP: Refusal = { ok: false, error: 'no_backup', message: 'no forget waits for confirmation: there is no backup to confirm or put back' };
const NO_HISTORY: RewriteCount = { commits: 0, versions: 0, messages: 0, removed: new Set() };

/** The blob ids of what goes: every version the history drops or rewrites, and the vault's files as they are. */
const removedIds = (history: RewriteCount, vault: readonly VaultChange[]) => new Set([...history.removed, ...vault.filter((c) => c.after === null).map((c) => blobId(c.before))]);

/** For files: the updates that wrote them keep what they were sent, which may be what was meant. */
function notesOf(deps: ForgetDeps, what: Forgetting): string[] {
  if (what.kind === 'text') return [];
  const touched = (rel: string) => what.paths.some((p) => rel === p || rel.startsWith(`${p}/`));
  const writers = deps.updates.recent(Number.MAX_SAFE_INTEGER).filter((r) => r.changes?.some((c) => touched(c.path)));
  if (!writers.length) return [];
  return [`The updates that wrote these files keep the text they were sent (${writers.map((r) => r.id).join(', ')}): forget that text too if it holds what should go.`];
}

type ReportParts = { vault: VaultOutcome; history: RewriteCount; records: RecordPlan; commit: string | null; notes: string[]; dryRun: boolean; backupWaits: boolean };

/** What a forget (or its dry run) changes, by the names things have after it: never the text. */
function reportOf(deps: ForgetDeps, what: Forgetting, parts: ReportParts): ForgetReport {
  const { vault, history, records } = parts;
  const stateRel = (abs: string) => path.relative(deps.stateDir, abs).split(path.sep).join('/');
  const files = [...records.files.map((f) => stateRel(f.abs)), ...records.updates.flatMap((u) => u.dropped.map((i) => stateRel(deps.folders.attachmentPath(u.after, i))))];
  const anything = vault.changed.length + vault.renamed.length + vault.deleted.length + history.commits + records.updates.length + records.questions.length + files.length > 0;
  return {
    status: !anything ? 'nothing' : parts.dryRun ? 'dry_run' : 'forgotten',
    vault: { changed: vault.changed, renamed: vault.renamed, deleted: vault.deleted, busy: vault.busy },
    history: { commits: history.commits, versions: history.versions, messages: history.messages },
    records: { updates: records.updates.map((u) => u.id), questions: records.questions.map((q) => q.id), files },
    commit: parts.commit,
    backup: parts.backupWaits,
    notes: [...notesOf(deps, what), ...parts.notes],
  };
}

/**
 * `knower forget`: a text or files taken out of the vault, out of every commit of its history
 * and out of Knower's records, with a backup kept until the person confirms (then nothing is
 * left of them, git's objects included) or puts it back. A dry run first: `forget` with
 * `dryRun` lists what would change and changes nothing.
 */
export function createForget(deps: ForgetDeps) {
  const backup = new ForgetBackup(path.join(deps.stateDir, 'forget-backup'));

  async function status(): Promise<ForgetStatus> {
    const manifest = await backup.read();
    if (manifest) return { backup: { at: manifest.at, forgets: manifest.forgets, files: manifest.entries.length } };
    return { backup: (await deps.history.forgetting.hasBackup()) ? { at: null, forgets: 0, files: 0 } : null };
  }

  const backupWaits = async () => (await status()).backup !== null;
  const announce = async () => deps.bus.publish({ type: 'forget_status', data: await status() });

  async function preview(what: Forgetting): Promise<ForgetReport> {
    const planned = await planVault(deps.root, what);
    const history = await deps.history.forgetting.preview(rewritePlanOf(what));
    const count = history.ok ? history.value : NO_HISTORY;
    const records = await planRecords(deps, what, removedIds(count, planned));
    // By the names they will have: the report never shows a name that holds the text.
    const vault = {
      ...noVaultChange(),
      changed: planned.filter((c) => c.after && !c.after.equals(c.before)).map((c) => c.to ?? c.rel),
      renamed: planned.flatMap((c) => (c.to ? [c.to] : [])),
      deleted: planned.filter((c) => !c.after).map((c) => c.rel),
    };
    const notes = history.ok ? [] : [`the history cannot be read: ${history.message}`];
    return reportOf(deps, what, { vault, history: count, records, commit: null, notes, dryRun: true, backupWaits: await backupWaits() });
  }

  /** In one turn of the vault: the vault and the history (one turn of its own), then the records, then the search index. */
  async function forgetNow(what: Forgetting): Promise<ForgetReport> {
    await deps.questions.settled();
    const dry = await preview(what);
    if (dry.status === 'nothing') return dry;
    const at = deps.clock().toISOString();
    await backup.open(at);
    let vault = noVaultChange();
    let planned: VaultChange[] = [];
    const changeVault = async () => {
      planned = await planVault(deps.root, what);
      vault = await applyVault(deps.root, what, planned, backup, deps.notes);
      return vault.touched;
    };
    const kind = what.kind === 'text' ? ('text' as const) : ('files' as const);
    const rewritten = await deps.history.forgetting.forget({
      plan: rewritePlanOf(what),
      vault: changeVault,
      meta: () => ({ kind: 'forget', what: kind, files: new Set([...vault.changed, ...vault.renamed, ...vault.deleted]).size, at }),
    });
    const notes: string[] = [];
    if (!rewritten.ok) {
      await changeVault();
      notes.push(`the history was not rewritten (${rewritten.message}): forget again once it works`);
    }
    const history = rewritten.ok ? rewritten.value : NO_HISTORY;
    const records = await planRecords(deps, what, removedIds(history, planned));
    await applyRecords(deps, records, backup);
    await deps.search.sync(vault.touched);
    const purged = await deps.search.purge();
    if (!purged.ok) notes.push(`the search index may still hold the old text (${purged.error ?? 'purge failed'}); it goes with the next embed`);
    deps.log.info({ kind, vault: vault.changed.length + vault.deleted.length, commits: history.commits }, 'forgot what was asked; its backup waits for confirmation');
    await announce();
    return reportOf(deps, what, { vault, history, records, commit: rewritten.ok ? rewritten.value.commit : null, notes, dryRun: false, backupWaits: await backupWaits() });
  }

  return {
    status,

    /** A dry run unless `dryRun` is false: the report says what changes (or changed), never the text. */
    async forget(asked: { text?: string; paths?: string[]; dryRun: boolean }): Promise<ForgetOutcome<ForgetReport>> {
      const what = await forgettingOf(deps.root, asked);
      if (!what.ok) return what;
      return { ok: true, value: asked.dryRun ? await preview(what.value) : await deps.turns.run(() => forgetNow(what.value)) };
    },

    /** Drops the backup: the old commits and every object only they reached go for good, with the copies. */
    confirm: (): Promise<ForgetOutcome<ForgetConfirm>> =>
      deps.turns.run(async () => {
        if (!(await backupWaits())) return NO_BACKUP;
        const dropped = await deps.history.forgetting.confirm();
        await backup.drop();
        await announce();
        const said = dropped.ok ? '' : ` The history could not drop its old objects (${dropped.message}): confirm again once it works.`;
        return { ok: true, value: { status: 'confirmed', message: `The backup is gone: nothing is left of what was forgotten.${said}` } };
      }),

    /** Puts the backup back: the old history, the vault's files and the records, each unless it changed since. */
    restore: (): Promise<ForgetOutcome<ForgetRestore>> =>
      deps.turns.run(async () => {
        if (!(await backupWaits())) return NO_BACKUP;
        const entries = (await backup.read())?.entries ?? [];
        let vault = { restored: [] as string[], kept: [] as string[] };
        const putBack = async () => void (vault = await restoreVault(deps.root, backup, entries, deps.notes));
        const restored = await deps.history.forgetting.restore(putBack);
        if (!restored.ok) await putBack();
        const keptRecords = await restoreRecords(deps, backup, entries);
        await backup.drop();
        await deps.search.sync(vault.restored);
        await announce();
        const kept = [...vault.kept, ...keptRecords];
        const said = kept.length ? ` Left as they are, because they changed since: ${kept.join(', ')}.` : '';
        return { ok: true, value: { status: 'restored', kept, message: `The backup is back: the history, the vault and the records as they were before the forget.${said}` } };
      }),
  };
}

export type Forget = ReturnType<typeof createForget>;
