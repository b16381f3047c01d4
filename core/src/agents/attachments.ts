import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_KINDS, type AttachmentKind } from '../api/index.js';
import { BUCKET_DIR, type VaultAccess } from '../vault/index.js';
import { isReservedName, slugify } from './slug.js';

/** A file to put in the vault: what it is and its bytes. */
export interface FileToSave {
  /** As sent (or the link's last segment). */
  name: string;
  kind: AttachmentKind;
  mediaType: string;
  bytes: Buffer;
}

/** A file the runner saved in the vault before the model ran. */
export interface SavedFile extends FileToSave {
  rel: string;
}

/**
 * "IMG 0042.JPG" → "img-0042.jpg": the extension follows the type the bytes showed (a plain
 * file keeps the extension it was sent with, when it is a sane one).
 */
export function attachmentName(file: Pick<FileToSave, 'name' | 'kind' | 'mediaType'>): string {
  const sentExt = path.extname(file.name);
  const base = sentExt && /^\.[A-Za-z0-9]{1,10}$/.test(sentExt) ? file.name.slice(0, -sentExt.length) : file.name;
  const typed = (ATTACHMENT_KINDS[file.kind].types as Record<string, string>)[file.mediaType];
  const ext = typed || (/^\.[A-Za-z0-9]{1,10}$/.test(sentExt) ? sentExt.slice(1).toLowerCase() : '');
  const slug = slugify(base, 40);
  // Nothing left of the name, or a name Windows keeps for a device (CON, NUL…): the kind names it.
  const stem = slug === 'note' ? file.kind : isReservedName(slug) ? `${slug}-${file.kind}` : slug;
  return `${stem}${ext ? `.${ext}` : ''}`;
}

/**
 * Writes bytes at `${stem}.${ext}` in `folder` without overwriting anything. The same bytes
 * already there (a re-run of the same update) are reused, so retries do not duplicate files.
 */
export async function saveBytes(vault: VaultAccess, folder: string, fileName: string, bytes: Buffer): Promise<string> {
  const ext = path.extname(fileName);
  const stem = fileName.slice(0, fileName.length - ext.length);
  for (let n = 1; n < 10_000; n++) {
    const rel = `${folder}/${n === 1 ? stem : `${stem}-${n}`}${ext}`;
    const outcome = await vault.writer.write(path.join(vault.root, rel), bytes, { expect: null });
    if (outcome.ok) return rel;
    const existing = await readFile(path.join(vault.root, rel)).catch(() => undefined);
    if (existing?.equals(bytes)) return rel;
  }
  throw new Error(`no free name for ${fileName} in ${folder}/`);
}

/**
 * How files are named in bucket/: `<prefix>-<name>` beside the note of that prefix (the offline
 * runner's), else `<date>-<name>-<tag of the update id>` so two updates' "photo.png" never meet.
 */
export function bucketName(name: string, naming: { prefix: string } | { updateId: string; receivedAt: string }): string {
  if ('prefix' in naming) return `${naming.prefix}-${name}`;
  const ext = path.extname(name);
  return `${naming.receivedAt.slice(0, 10)}-${ext ? name.slice(0, -ext.length) : name}-${slugify(naming.updateId, 64).slice(-8)}${ext}`;
}

/**
 * Saves each file of an update into bucket/ before the model runs: it is in the vault whatever
 * the model does (the agent moves it where it belongs).
 */
export async function saveToBucket(vault: VaultAccess, files: FileToSave[], naming: Parameters<typeof bucketName>[1]): Promise<SavedFile[]> {
  const saved: SavedFile[] = [];
  for (const file of files) saved.push({ ...file, rel: await saveBytes(vault, BUCKET_DIR, bucketName(attachmentName(file), naming), file.bytes) });
  return saved;
}

const IMAGE_EXT = /\.(png|jpe?g|gif|webp|svg|avif)$/i;

/** Markdown links to files beside a note: images shown (`![..](..)`), any other file linked. */
export function fileLinks(names: string[]): string[] {
  return names.map((name) => `${IMAGE_EXT.test(name) ? '!' : ''}[${name}](${encodeURI(name)})`);
}
