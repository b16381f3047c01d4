import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, type InboxItem, type InboxSummary } from '../api/index.js';
import { firstHeading, formatDateField, isVaultFile, parseNote, readVaultBytes, resolveVaultPath } from '../vault/index.js';
import { INBOX_DIR, itemFolder, REVIEW_FILE } from './inbox-layout.js';

// A pending item as listed (InboxSummary) and read whole (InboxItem: its review and its files) are the wire's shapes, from api/.
export type { InboxItem, InboxSummary } from '../api/index.js';

const ID_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${LIMITS.idChars - 1}}$`);

export function isInboxId(id: string): boolean {
  return ID_PATTERN.test(id);
}

function firstParagraph(body: string): string | undefined {
  const para = body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p && !p.startsWith('#'));
  return para ? para.replace(/\s+/g, ' ').slice(0, 240) : undefined;
}

/**
 * One item, every file of it read through the vault's one path check: review.md or an
 * attachment that is a symlink leading outside the vault (or not a regular file) is neither
 * read nor listed, so it is never served, shown to a model, moved or deleted.
 */
async function readItem(root: string, id: string): Promise<InboxItem | undefined> {
  const folder = itemFolder(id);
  const bytes = await readVaultBytes(root, `${folder}/${REVIEW_FILE}`);
  if (bytes === undefined) return undefined;
  const parsed = parseNote(bytes.toString('utf8'));
  const data = parsed.ok ? parsed.data : {};
  const names = (await readdir(path.join(root, folder)).catch(() => [] as string[])).filter((n) => !n.startsWith('.')).sort();
  const files: string[] = [];
  for (const name of names) if (await isVaultFile(root, `${folder}/${name}`)) files.push(`${folder}/${name}`);
  const summary = typeof data.summary === 'string' ? data.summary : firstParagraph(parsed.body);
  return {
    id,
    title: (typeof data.title === 'string' && data.title) || firstHeading(parsed.body) || id,
    created: formatDateField(data.created),
    ...(summary ? { summary } : {}),
    ...(data.status === 'failed' ? { failed: true } : {}),
    review: { frontmatter: data, body: parsed.body },
    files,
  };
}

/**
 * One pending item, or undefined when there is no such item (unknown id, no review.md, or a
 * folder that is a symlink leading outside the vault: never read, never acted on).
 */
export async function getInboxItem(root: string, id: string): Promise<InboxItem | undefined> {
  if (!isInboxId(id)) return undefined;
  const folder = await resolveVaultPath(root, `${INBOX_DIR}/${id}`);
  if (!folder.ok) return undefined;
  return readItem(root, id);
}

/** Pending items, oldest first. */
export async function listInboxItems(root: string): Promise<InboxSummary[]> {
  const dirents = await readdir(path.join(root, INBOX_DIR), { withFileTypes: true }).catch(() => []);
  const items: InboxSummary[] = [];
  for (const d of dirents) {
    if (!d.isDirectory() || !isInboxId(d.name)) continue;
    const item = await readItem(root, d.name);
    if (item) {
      const { review: _review, files: _files, ...summary } = item;
      items.push(summary);
    }
  }
  return items.sort((a, b) => (a.created ?? '').localeCompare(b.created ?? '') || a.id.localeCompare(b.id));
}

/** The inbox as GET /inbox and GET /inbox/:id read it. */
export function createInbox(deps: { root: string }) {
  return {
    list: () => listInboxItems(deps.root),
    get: (id: string) => getInboxItem(deps.root, id),
  };
}

export type Inbox = ReturnType<typeof createInbox>;
