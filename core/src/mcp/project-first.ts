import { DEFAULTS } from '../api/index.js';
import type { SearchEngine } from '../search/index.js';

/**
 * Search for a client working in a project's repository: that project's hits first, then the
 * rest of the vault, so it "looks first at projects/<name>/" without hiding what lives
 * elsewhere. A search that names a scope gets exactly that scope.
 */
export function projectFirst(engine: SearchEngine, project: string): SearchEngine {
  return {
    ...engine,
    async search(query) {
      if (query.scope) return engine.search(query);
      const [own, all] = await Promise.all([engine.search({ ...query, scope: `project:${project}` }), engine.search(query)]);
      const seen = new Set(own.results.map((hit) => hit.path));
      const results = [...own.results, ...all.results.filter((hit) => !seen.has(hit.path))].slice(0, query.limit ?? DEFAULTS.results);
      const degraded = all.degraded ?? own.degraded;
      return { results, mode: all.mode, ...(degraded ? { degraded } : {}) };
    },
  };
}
