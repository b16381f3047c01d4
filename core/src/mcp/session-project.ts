import { nameKey, projectNames } from '../brief/index.js';
import type { VaultIndex } from '../vault/index.js';

/** How far up from the client's working folder a project name is looked for (a repository's subfolders). */
const MAX_LEVELS = 4;

/**
 * The project an MCP client works in, from what the Claude Code plugin sends (clientContext:
 * `project`, a name the person set; `cwd`, the folder Claude Code started in).
 * A name must be a folder under projects/; the folder is matched by its own name, then its
 * parents' (a session started in a repository's subfolder), like the SessionStart brief does.
 */
export function sessionProject(index: Pick<VaultIndex, 'folder'>, client: { project?: string; cwd?: string }): string | undefined {
  const names = projectNames(index);
  if (names.length === 0) return undefined;
  const find = (wanted: string) => names.find((n) => n === wanted) ?? names.find((n) => nameKey(n) === nameKey(wanted) && nameKey(wanted) !== '');
  const given = client.project?.trim();
  if (given) return find(given);
  const parts = (client.cwd ?? '').split(/[\\/]+/).filter(Boolean);
  for (const part of parts.reverse().slice(0, MAX_LEVELS)) {
    const found = find(part);
    if (found) return found;
  }
  return undefined;
}

const decode = (raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a bare "%" in a folder name: the text as it came
  }
};

/**
 * The client's project and working folder from /mcp's query string, as the plugin's .mcp.json
 * writes it: `/mcp?project=${KNOWER_PROJECT}&cwd=${PWD}`. They travel in the URL, not in
 * headers, because Claude Code refuses to connect when a header value holds characters beyond
 * Latin-1 (a folder named in Cyrillic or Chinese), while it percent-encodes them in a URL.
 * `cwd` comes last and is read to the end, so a folder name with "&" stays whole.
 */
export function clientContext(url: string): { project?: string; cwd?: string } {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const at = query.startsWith('cwd=') ? 0 : query.includes('&cwd=') ? query.indexOf('&cwd=') + 1 : -1;
  const cwd = at === -1 ? '' : decode(query.slice(at + 'cwd='.length));
  const project = decode(/(?:^|&)project=([^&]*)/.exec(at === -1 ? query : query.slice(0, at))?.[1] ?? '');
  return { ...(project ? { project } : {}), ...(cwd ? { cwd } : {}) };
}
