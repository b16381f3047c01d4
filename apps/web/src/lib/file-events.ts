import type { FileChanged, TreeEntry } from './api-schemas';
import { isMarkdownPath } from './vault-path';

/**
 * Applies a burst of watcher events to a listing in one pass. Added files get placeholder
 * size and tokens until the next listing from the server brings the real figures.
 */
export function applyFileEvents(entries: readonly TreeEntry[], events: readonly FileChanged[]): TreeEntry[] {
  if (events.length === 0) return entries as TreeEntry[];
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  let changed = false;
  for (const event of events) {
    if (event.type === 'unlink') {
      changed = byPath.delete(event.path) || changed;
    } else if (!byPath.has(event.path)) {
      byPath.set(event.path, { path: event.path, kind: isMarkdownPath(event.path) ? 'note' : 'file', size: 0 });
      changed = true;
    }
  }
  return changed ? [...byPath.values()] : (entries as TreeEntry[]);
}
