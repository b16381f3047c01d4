/** An absolute path in a message: POSIX (not the `//` of a URL) or a Windows drive path. */
const ABSOLUTE_PATH = /(^|[\s'"`(=,[])(\/(?!\/)[^\s'"`),\]]*|[A-Za-z]:\\[^\s'"`),\]]*)/g;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message (an error from the file system, a tool, a library) as a model or an MCP client may
 * see it: paths inside the vault become vault-relative, and any other absolute path (the state
 * dir, the home folder, a symlink's target) is replaced by a placeholder. Where the vault or
 * the person's home lies on the host is for the service log only.
 */
export function vaultRelativeText(text: string, roots: readonly string[]): string {
  let out = text;
  // Longest first, as whole path segments: a root may hold spaces, and /srv/vault is not /srv/vault-old.
  for (const root of [...new Set(roots)].filter(Boolean).sort((a, b) => b.length - a.length)) {
    const pattern = new RegExp(`(^|[^\\w./-])${escapeRegex(root)}(?:/|(?=$|[\\s'"\`),\\]]))`, 'g');
    out = out.replace(pattern, (match, lead: string) => (match.endsWith('/') ? lead : `${lead}(the vault root)`));
  }
  return out.replace(ABSOLUTE_PATH, (_match, lead: string) => `${lead}(a path outside the vault)`);
}
