import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { VaultAccess } from '../vault/index.js';
import { slugify } from './note-text.js';
import type { UpdateImage } from './types.js';

const EXTENSIONS: Record<UpdateImage['mediaType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** "IMG 0042.JPG" → "img-0042.jpg": the extension follows the media type, not the upload name. */
export function attachmentName(image: UpdateImage): string {
  const base = image.name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${slugify(base, 40) === 'note' ? 'image' : slugify(base, 40)}.${EXTENSIONS[image.mediaType]}`;
}

export interface SavedImage {
  image: UpdateImage;
  rel: string;
  bytes: Buffer;
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
 * Saves each image of an update into bucket/ before the model runs: it is in the vault whatever
 * the model does (the agent moves it where it belongs). Names carry the date and a tag of the
 * update id so two updates' "photo.png" never meet.
 */
export async function saveImagesToBucket(vault: VaultAccess, images: UpdateImage[], updateId: string, receivedAt: string): Promise<SavedImage[]> {
  const date = receivedAt.slice(0, 10);
  const tag = slugify(updateId, 64).slice(-8);
  const saved: SavedImage[] = [];
  for (const image of images) {
    const bytes = await readFile(image.path);
    const name = attachmentName(image);
    const ext = path.extname(name);
    const rel = await saveBytes(vault, 'bucket', `${date}-${name.slice(0, -ext.length)}-${tag}${ext}`, bytes);
    saved.push({ image, rel, bytes });
  }
  return saved;
}
