/** An absolute path in a message: POSIX (not the `//` of a URL) or a Windows drive path. */
const ABSOLUTE_PATH = /(^|[\s'"`(=,[])(\/(?!\/)[^\s'"`),\]]*|[A-Za-z]:\\[^\s'"`),\]]*)/g;

/**
 * A message (an error from the file system, a tool, a library) as a model or an MCP client may
 * see it: paths inside the vault become vault-relative, and any other absolute path (the state
 * dir, the home folder, a symlink's target) is replaced by a placeholder. Where the vault or
 * the person's home lives on the host is nobody's business but the service log's.
 */
export function vaultRelativeText(text: string, roots: readonly string[]): string {
  const bases = [...new Set(roots)].filter(Boolean).sort((a, b) => b.length - a.length);
  return text.replace(ABSOLUTE_PATH, (_match, lead: string, abs: string) => {
    for (const base of bases) {
      if (abs === base || abs === `${base}/`) return `${lead}(the vault root)`;
      if (abs.startsWith(`${base}/`)) return `${lead}${abs.slice(base.length + 1)}`;
    }
    return `${lead}(a path outside the vault)`;
  });
}
