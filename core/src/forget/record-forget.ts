import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { QuestionRecord, Questions } from '../activity/index.js';
import { blobId } from '../history/index.js';
import type { UpdateQueue } from '../queue/index.js';
import type { StoredAttachment, UpdateRecord, UpdateStore } from '../records/index.js';
import { readBytesIfExists, ROOT_FILES, writeFileAtomic, type RootNames } from '../vault/index.js';
import { stillAsLeft, type BackupEntry, type ForgetBackup } from './forget-backup.js';
import type { TextForgetter } from './forget-text.js';
import type { Forgetting } from './forgetting.js';

/** Where Knower keeps what was sent and asked, besides the vault and its history. */
export interface RecordStores {
  stateDir: string;
  updates: Pick<UpdateQueue, 'recent' | 'amend'>;
  questions: Pick<Questions, 'all' | 'amend'>;
  /** Where an update's files are kept. */
  folders: Pick<UpdateStore, 'folderOf' | 'attachmentPath'>;
  /** Knower's own versions of root notes kept in the state dir (the person's file holds the name). */
  names: Pick<RootNames, 'fileOf' | 'inVault'>;
}

/** What forgetting changes in the records. */
export interface RecordPlan {
  updates: Array<{ id: string; after: UpdateRecord; dropped: StoredAttachment[] }>;
  questions: Array<{ id: string; after: QuestionRecord }>;
  /** Other files of the state dir, rewritten. */
  files: Array<{ abs: string; after: Buffer }>;
}

const changedOr = <T>(before: T, after: T): T | undefined => (JSON.stringify(before) === JSON.stringify(after) ? undefined : after);

/**
 * The update with the text taken out of what a person wrote or an agent said of it, and out of
 * the paths it names (renamed as the vault's files are); ids and dates stay.
 */
function scrubUpdate(record: UpdateRecord, t: TextForgetter): UpdateRecord | undefined {
  const s = (value: string) => t.scrub(value) ?? value;
  const p = (rel: string) => t.scrubPath(rel) ?? rel;
  return changedOr(record, {
    ...record,
    text: s(record.text),
    ...(record.url !== undefined && { url: s(record.url) }),
    attachments: record.attachments.map((a) => ({ ...a, name: s(a.name) })),
    ...(record.captures && {
      captures: record.captures.map((c) => ({
        ...c,
        source: s(c.source),
        ...(c.title && { title: s(c.title) }),
        ...(c.problem && { problem: s(c.problem) }),
        ...(c.path && { path: p(c.path) }),
        ...(c.note && { note: p(c.note) }),
      })),
    }),
    ...(record.transcribe && {
      transcribe: { ...record.transcribe, audio: p(record.transcribe.audio), ...(record.transcribe.note !== undefined && { note: p(record.transcribe.note) }) },
    }),
    ...(record.summary !== undefined && { summary: s(record.summary) }),
    ...(record.error !== undefined && { error: s(record.error) }),
    ...(record.files && { files: record.files.map(p) }),
    ...(record.kept && { kept: record.kept.map(p) }),
    ...(record.changes && { changes: record.changes.map((c) => ({ ...c, path: p(c.path), ...(c.from && { from: p(c.from) }) })) }),
    ...(record.steps && {
      steps: record.steps.map((step) => ({
        ...step,
        ...(step.path && { path: p(step.path) }),
        ...(step.to && { to: p(step.to) }),
        ...(step.query && { query: s(step.query) }),
        ...(step.error && { error: s(step.error) }),
      })),
    }),
  });
}

function scrubQuestion(record: QuestionRecord, t: TextForgetter): QuestionRecord | undefined {
  const s = (value: string) => t.scrub(value) ?? value;
  return changedOr(record, {
    ...record,
    query: s(record.query),
    ...(record.error !== undefined && { error: s(record.error) }),
    ...(record.answer && { answer: { ...record.answer, markdown: s(record.answer.markdown), sources: record.answer.sources.map((rel) => t.scrubPath(rel) ?? rel) } }),
  });
}

/**
 * What forgetting changes in the records: a text goes from every update, question and Knower's
 * own root notes; files go with the attachments kept with their update that hold the same bytes
 * as any version of them (`removed`: their blob ids).
 */
export async function planRecords(stores: RecordStores, what: Forgetting, removed: ReadonlySet<string>): Promise<RecordPlan> {
  const plan: RecordPlan = { updates: [], questions: [], files: [] };
  const records = stores.updates.recent(Number.MAX_SAFE_INTEGER);
  if (what.kind === 'paths') {
    for (const record of records) {
      const dropped: StoredAttachment[] = [];
      for (const attachment of record.attachments) {
        const bytes = await readBytesIfExists(stores.folders.attachmentPath(record, attachment));
        if (bytes && removed.has(blobId(bytes))) dropped.push(attachment);
      }
      if (dropped.length) plan.updates.push({ id: record.id, after: { ...record, attachments: record.attachments.filter((a) => !dropped.includes(a)) }, dropped });
    }
    return plan;
  }
  for (const record of records) {
    const after = scrubUpdate(record, what.text);
    if (after) plan.updates.push({ id: record.id, after, dropped: [] });
    // A text file sent along holds the text as sent (a PDF's or an image's bytes cannot be read for it).
    for (const attachment of record.attachments) {
      const abs = stores.folders.attachmentPath(record, attachment);
      const bytes = await readBytesIfExists(abs);
      const scrubbed = bytes && what.text.scrubBytes(bytes);
      if (scrubbed) plan.files.push({ abs, after: scrubbed });
    }
  }
  for (const question of await stores.questions.all()) {
    const after = scrubQuestion(question, what.text);
    if (after) plan.questions.push({ id: question.id, after });
  }
  for (const name of ROOT_FILES) {
    if (stores.names.inVault(name)) continue;
    const abs = stores.names.fileOf(name);
    const bytes = await readBytesIfExists(abs);
    const after = bytes && what.text.scrubBytes(bytes);
    if (after) plan.files.push({ abs, after });
  }
  return plan;
}

/** `<state>/…` as the backup names it. */
const keyOf = (stateDir: string, abs: string) => `state/${path.relative(stateDir, abs).split(path.sep).join('/')}`;

/** Makes the changes, each kept in the backup first; the queue and the questions save and announce their own. */
export async function applyRecords(stores: RecordStores, plan: RecordPlan, backup: ForgetBackup): Promise<void> {
  const key = (abs: string) => keyOf(stores.stateDir, abs);
  const recordFile = (id: string) => path.join(stores.folders.folderOf(id), 'update.json');
  const questionFile = (id: string) => path.join(stores.stateDir, 'questions', `${id}.json`);
  const kept: string[] = [];
  const keep = async (abs: string) => {
    const bytes = await readBytesIfExists(abs);
    if (!bytes) return;
    await backup.keep(key(abs), bytes);
    kept.push(abs);
  };
  for (const u of plan.updates) {
    await keep(recordFile(u.id));
    for (const attachment of u.dropped) await keep(stores.folders.attachmentPath(u.after, attachment));
  }
  for (const q of plan.questions) await keep(questionFile(q.id));
  for (const f of plan.files) await keep(f.abs);
  await backup.flush();

  for (const u of plan.updates) {
    await stores.updates.amend(u.id, () => u.after);
    for (const attachment of u.dropped) await rm(stores.folders.attachmentPath(u.after, attachment), { force: true });
  }
  for (const q of plan.questions) await stores.questions.amend(q.id, () => q.after);
  for (const f of plan.files) await writeFileAtomic(f.abs, f.after);
  for (const abs of kept) backup.left(key(abs), (await readBytesIfExists(abs)) ?? null);
  await backup.flush();
}

/**
 * Puts the records back as the backup keeps them, each only while it still holds what the forget
 * left: an update record or a question through its own service (saved and announced), any other
 * file as it was. Returns the files left as they are (changed since).
 */
export async function restoreRecords(stores: RecordStores, backup: ForgetBackup, entries: readonly BackupEntry[]): Promise<string[]> {
  const kept: string[] = [];
  for (const entry of entries) {
    if (!entry.key.startsWith('state/')) continue;
    const rel = entry.key.slice('state/'.length);
    const abs = path.join(stores.stateDir, ...rel.split('/'));
    if (!stillAsLeft(entry, (await readBytesIfExists(abs)) ?? null, false)) {
      kept.push(rel);
      continue;
    }
    const copy = await backup.copyOf(entry);
    if (copy === null) continue; // the records never gain a file in a forget
    const update = /^updates\/([^/]+)\/update\.json$/.exec(rel)?.[1];
    const question = /^questions\/([^/]+)\.json$/.exec(rel)?.[1];
    const restored = update
      ? await stores.updates.amend(update, () => JSON.parse(copy.toString('utf8')) as UpdateRecord)
      : question
        ? await stores.questions.amend(question, () => JSON.parse(copy.toString('utf8')) as QuestionRecord)
        : undefined;
    if (!restored) await writeFileAtomic(abs, copy);
  }
  return kept;
}
