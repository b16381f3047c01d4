import type { VaultLayout } from '@knower/api';
import { basename } from './vault-path';

/**
 * An inbox item's files told apart: its review (Knower's question, by the name /health gives) and
 * its attachments. Before /health has answered, every file is listed as an attachment.
 */
export function itemFiles(files: readonly string[], layout: VaultLayout | null): { review: string | undefined; attachments: string[] } {
  const review = layout ? files.find((path) => basename(path) === layout.review) : undefined;
  return { review, attachments: files.filter((path) => path !== review) };
}

/** Whether a changed file lies in the inbox's folder, as /health names it (no folder is known before it answers). */
export const inInbox = (path: string, layout: VaultLayout | null): boolean => layout !== null && path.startsWith(`${layout.inbox}/`);
