// By getBuiltinModule, not import: an ESM import of node:fs reads all its lazy exports (streams,
// fs/promises…), ~15 ms of every `knower` command's start (cli/http-client.ts says more).
const { chmodSync, mkdirSync, statSync } = process.getBuiltinModule('node:fs');

/** How a folder of Knower's own was found: made private just now, already private, or left open (why). */
export type PrivateFolder = { kind: 'made' | 'private' } | { kind: 'tightened'; was: string } | { kind: 'open'; mode: string; reason: string };

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * Knower's own folders (the state dir, the run dir) hold copies of the vault's notes (history,
 * index, update records) and its log: other users of the machine must not read them, whatever
 * the vault's own folder admits. Created 0700; an existing one open to others is tightened
 * (what it was is returned, to be said once). A folder of someone else's that this user cannot
 * chmod is left as it is, with the reason.
 */
export function makePrivateFolder(dir: string): PrivateFolder {
  const made = mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined;
  const { mode } = statSync(dir);
  if ((mode & 0o077) === 0) return { kind: made ? 'made' : 'private' };
  try {
    // Only the group's and others' bits go; special bits (setgid, sticky) and the owner's stay.
    chmodSync(dir, mode & 0o7700);
    return { kind: 'tightened', was: octal(mode) };
  } catch (err) {
    return { kind: 'open', mode: octal(mode), reason: err instanceof Error ? err.message : String(err) };
  }
}
