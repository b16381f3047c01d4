import type { SearchEngine } from '../search/index.js';
import { PROJECTS_DIR, projectOf, type VaultIndex } from '../vault/index.js';

export type ProjectMatch = { name: string; by: 'given' | 'name' | 'search' };

/** How names compare: "Zebra App", "zebra-app" and "zebra_app" are the same project; so are accented and plain letters. */
export const nameKey = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The folders under projects/. */
export function projectNames(index: Pick<VaultIndex, 'folder'>): string[] {
  return [...(index.folder(PROJECTS_DIR)?.folders.keys() ?? [])];
}

const byName = (names: readonly string[], wanted: string) => names.find((n) => n === wanted) ?? names.find((n) => nameKey(n) === nameKey(wanted));

/**
 * The project a repository belongs to: the one the person named (KNOWER_PROJECT), else the
 * folder whose name is the repository's, else the project whose notes mention the repository
 * most (hits ranked by search, each worth 1/rank). A tie is no match: a wrong project in every
 * session's brief is worse than none.
 */
export async function matchProject(deps: { index: Pick<VaultIndex, 'folder'>; search: Pick<SearchEngine, 'search'> }, repo: string, given?: string): Promise<ProjectMatch | undefined> {
  const names = projectNames(deps.index);
  if (given !== undefined) {
    const found = byName(names, given);
    return found ? { name: found, by: 'given' } : undefined;
  }
  const named = byName(names, repo);
  if (named) return { name: named, by: 'name' };
  if (names.length === 0 || nameKey(repo) === '') return undefined;
  const found = await deps.search.search({ query: repo, mode: 'fast', limit: 30 });
  const scores = new Map<string, number>();
  found.results.forEach((hit, rank) => {
    const project = projectOf(hit.path);
    if (project) scores.set(project, (scores.get(project) ?? 0) + 1 / (rank + 1));
  });
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || (second && second[1] === best[1])) return undefined;
  return { name: best[0], by: 'search' };
}
