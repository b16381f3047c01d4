import { resolveVaultPath } from '../vault/index.js';
import type { SearchEngine } from './types.js';

/**
 * Keeps hits that resolve inside the vault only. qmd's file walk follows symlinks, so a link
 * planted in the vault could otherwise surface (and quote) a file from anywhere on the disk.
 */
export function guardVaultHits(engine: SearchEngine, root: string): SearchEngine {
  return {
    ...engine,
    async search(query) {
      const result = await engine.search(query);
      const inside = await Promise.all(result.results.map(async (hit) => (await resolveVaultPath(root, hit.path)).ok));
      return { ...result, results: result.results.filter((_, i) => inside[i]) };
    },
  };
}
