import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { VaultAccess } from '../vault/index.js';
import { attachmentName, fileLinks } from './attachments.js';
import type { UpdateInput } from './types.js';
import { inputPath, itemFolder } from '../inbox/index.js';

/** input.md: the update exactly as received, with its attachments linked beside it. */
function renderInputNote(input: UpdateInput, attachments: string[]): string {
  const links = fileLinks(attachments);
  return [
    `# Input of update ${input.id}`,
    '',
    `Received ${input.receivedAt}${input.inboxRef ? ` as a reply to inbox item ${input.inboxRef}` : ''}.`,
    ...(input.url ? ['', `Link to keep: <${input.url}>`] : []),
    '',
    '<!-- the text as sent, unchanged -->',
    input.text,
    ...(links.length ? ['', '## Attachments', '', ...links] : []),
    '',
  ].join('\n');
}

/** Writes input.md once: a re-run finds it already there and leaves it as it is. */
export async function writeInputNote(vault: VaultAccess, input: UpdateInput, attachments: string[]): Promise<string> {
  const rel = inputPath(input.id);
  await vault.writer.write(path.join(vault.root, rel), renderInputNote(input, attachments), { expect: null });
  return rel;
}

/**
 * Copies the update's files from the state dir into the item folder (never overwriting).
 * A missing state file is reported, not thrown: the item must still be written.
 */
export async function copyAttachments(vault: VaultAccess, input: UpdateInput): Promise<{ names: string[]; missing: string[] }> {
  const names: string[] = [];
  const missing: string[] = [];
  for (const attachment of input.attachments) {
    const name = attachmentName(attachment);
    const dest = path.join(vault.root, itemFolder(input.id), name);
    try {
      await vault.writer.copyInto(attachment.path, dest);
      names.push(name);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && (await sameBytes(attachment.path, dest))) names.push(name);
      else missing.push(attachment.name);
    }
  }
  return { names, missing };
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([readFile(a).catch(() => undefined), readFile(b).catch(() => undefined)]);
  return x !== undefined && y !== undefined && x.equals(y);
}
