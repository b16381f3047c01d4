import { rmdir } from 'node:fs/promises';
import path from 'node:path';
import { getInboxItem, inputPath, itemFolder, ITEM_NOTES } from '../../inbox/index.js';
import { BUCKET_DIR, parseNote, readVaultBytes, type VaultAccess } from '../../vault/index.js';
import { fileLinks, saveBytes } from '../attachments.js';
import type { Captured } from '../capture-step.js';
import { slugify } from '../slug.js';
import type { RunDeps } from '../session.js';
import type { UpdateInput, UpdateOutcome } from '../types.js';
import { createBucketNote, logOnce } from './bucket-note.js';
import { captureSection } from './capture-sections.js';

const bodyOf = async (root: string, rel: string) => {
  const bytes = await readVaultBytes(root, rel);
  return parseNote(bytes?.toString('utf8') ?? '').body.trim();
};

/** Moves a file into bucket/ under a free name, never overwriting; returns its new path. */
async function moveIntoBucket(vault: VaultAccess, rel: string, name: string): Promise<string> {
  const bytes = await readVaultBytes(vault.root, rel);
  if (bytes === undefined) throw new Error(`${rel} cannot be read (it left the vault or is no longer a file)`);
  const dest = await saveBytes(vault, BUCKET_DIR, name, bytes);
  await vault.writer.removeFile(path.join(vault.root, rel));
  return dest;
}

/**
 * A reply to an inbox item, carried out without a model: the reply, the original input and the
 * review go into one bucket note, the item's attachments beside it, then the item folder is
 * removed — file by file, so anything unexpected in it stops the removal instead of being lost.
 * Undefined when the item no longer exists (the reply is then filed as a plain update).
 */
export async function offlineReply(deps: RunDeps, input: UpdateInput, ref: string, captured: Captured): Promise<UpdateOutcome | undefined> {
  const item = await getInboxItem(deps.root, ref);
  if (!item) return undefined;
  const folder = path.join(deps.root, itemFolder(ref));
  const stem = `${input.receivedAt.slice(0, 10)}-${slugify(item.title)}`;
  const attachments = item.files.filter((f) => !ITEM_NOTES.has(path.basename(f)));
  const moved: string[] = [];
  for (const rel of attachments) moved.push(await moveIntoBucket(deps, rel, `${stem}-${path.basename(rel)}`));
  const replied = captured.items.flatMap(captureSection);
  const saved = captured.saved.map((s) => s.rel);
  const original = await bodyOf(deps.root, inputPath(ref));
  const body = [
    `The inbox item "${item.title}" was answered while no model was configured (offline mode), so Knower filed everything here as it was.`,
    '',
    '## Your reply',
    '',
    input.text.trimEnd(),
    ...replied,
    '',
    '## The original input',
    '',
    original || '(no input.md)',
    '',
    '## What Knower had asked',
    '',
    item.review.body.trim(),
    ...(moved.length ? ['', '## Attachments', '', ...fileLinks(moved.map((rel) => path.basename(rel)))] : []),
    '',
  ].join('\n');
  const note = await createBucketNote(deps, stem, body, { title: JSON.stringify(item.title), source: 'offline', inbox_item: JSON.stringify(ref) }, input.id);
  const removed: string[] = [];
  for (const name of ITEM_NOTES) {
    if (
      await deps.writer.removeFile(path.join(folder, name)).then(
        () => true,
        () => false,
      )
    )
      removed.push(`${itemFolder(ref)}/${name}`);
  }
  await rmdir(folder).catch((err: Error) => deps.log.warn({ err, folder: itemFolder(ref) }, 'inbox folder not empty after resolving; left in place'));
  const logged = await logOnce(deps, input.id, [`Resolved inbox item ${ref} ("${item.title}"): filed the reply and the original input into [${note}](${note}) (offline mode)`]);
  const files = [note, ...attachments, ...moved, ...saved, ...removed, ...logged];
  return { status: 'done', files: [...new Set(files)].sort(), summary: `Resolved inbox item ${ref} into ${note} (offline mode).` };
}
