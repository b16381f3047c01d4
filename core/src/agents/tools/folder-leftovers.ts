import { rmdir } from 'node:fs/promises';
import path from 'node:path';
import { kindOf, walkFolder } from './folder-walk.js';

/**
 * Removes a folder whose listed files have gone: each sub-folder, deepest first, then the folder
 * itself, each only while empty (rmdir, never rm -r), so whatever appeared meanwhile stays with
 * the folders that hold it. Returns what is left in the folder: nothing once it is gone.
 */
export async function removeEmptied(root: string, rel: string, folders: string[]): Promise<string[]> {
  for (const folder of [...folders, rel]) await rmdir(path.join(root, folder)).catch(() => undefined);
  const abs = path.join(root, rel);
  if ((await kindOf(abs)) !== 'folder') return [];
  const left = await walkFolder(abs, rel).catch(() => undefined);
  if (!left) return [];
  const entries = [...left.files, ...left.hidden, ...left.notUtf8, ...left.special];
  return (entries.length > 0 ? entries : left.folders).sort();
}

const listed = (paths: string[]) => `${paths.slice(0, 20).join(', ')}${paths.length > 20 ? ` and ${paths.length - 20} more` : ''}`;

/**
 * What the model is told when a folder delete or move left entries where they were: which
 * appeared while it ran, which changed, and what it can do about them.
 */
export function leftNote(rel: string, left: string[], changed: string[], verb: 'delete' | 'move'): string {
  const changedNow = new Set(changed);
  const appeared = left.filter((entry) => !changedNow.has(entry));
  const still = changed.filter((file) => left.includes(file));
  const parts: string[] = [];
  if (appeared.length > 0) parts.push(`${listed(appeared)} appeared in it while the ${verb} ran (saved by hand, most likely; you have not read ${appeared.length === 1 ? 'it' : 'them'})`);
  if (still.length > 0) parts.push(`${listed(still)} changed on disk ${verb === 'delete' ? 'after you read it' : 'while the move ran'}`);
  const next = verb === 'delete' ? 'Read what is left before deciding whether it should go too; delete files one by one.' : 'Read what is left and move it too if it belongs with the rest.';
  return `${rel}/ stays: ${parts.join('; ')}. Knower left ${left.length === 1 ? 'it' : 'them'} as ${left.length === 1 ? 'it is' : 'they are'}. ${next}`;
}
