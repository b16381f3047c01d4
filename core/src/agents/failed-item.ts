import { rmdir } from 'node:fs/promises';
import path from 'node:path';
import { makeFolders, setFrontmatterFields, type VaultAccess } from '../vault/index.js';
import { copyAttachments, writeInputNote } from './inbox-files.js';
import type { UpdateInput } from './types.js';
import { itemFolder, REVIEW_FILE } from '../inbox/index.js';

const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/**
 * The end of an update whose retries ran out: an inbox item with status "failed", the error,
 * the raw text and the images, so nothing accepted is ever lost and the user sees why.
 */
export async function writeFailedItem(vault: VaultAccess, input: UpdateInput, error: string): Promise<string> {
  const folder = path.join(vault.root, itemFolder(input.id));
  await makeFolders(folder);
  try {
    return await writeItem(vault, input, error);
  } catch (err) {
    // A full disk: no empty item folder is left behind (its input stays in the state dir).
    await rmdir(folder).catch(() => undefined);
    throw err;
  }
}

async function writeItem(vault: VaultAccess, input: UpdateInput, error: string): Promise<string> {
  const folder = path.join(vault.root, itemFolder(input.id));
  const { names, missing } = await copyAttachments(vault, input);
  await writeInputNote(vault, input, names);
  const firstLine = input.text.trim().split('\n')[0]?.slice(0, 80) || 'an update';
  const body = [
    '# Knower could not file this update',
    '',
    `The update received ${input.receivedAt} (id ${input.id}) could not be filed: the model kept failing, so it is parked here with everything you sent.`,
    '',
    '## Error',
    '',
    '```',
    error,
    '```',
    '',
    '## What you sent',
    '',
    quote(input.text),
    ...(input.url ? ['', `Link to keep: <${input.url}>`] : []),
    ...(names.length ? ['', `Attachments (beside this note): ${names.join(', ')}`] : []),
    ...(missing.length ? ['', `Attachments that could not be recovered: ${missing.join(', ')}`] : []),
    '',
    '## What you can do',
    '',
    'Reply to this item to have Knower file it again (your reply is taken as instructions), or file it by hand and delete this folder.',
    '',
  ].join('\n');
  const review = setFrontmatterFields(body, {
    title: JSON.stringify(`Could not file: ${firstLine}`),
    summary: JSON.stringify(`Update ${input.id} failed: ${error.split('\n')[0]?.slice(0, 160) ?? ''}`),
    update_id: JSON.stringify(input.id),
    status: 'failed',
  });
  // Ours to replace: an earlier attempt's half-written review must not hide the failure.
  await vault.writer.write(path.join(folder, REVIEW_FILE), review);
  return input.id;
}
