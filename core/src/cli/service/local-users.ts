import { readFileSync } from 'node:fs';

/**
 * The people with an account on this machine besides the user `uid`, from a passwd file: the
 * entries with a uid from 1000 and a login shell. Root and system accounts are left out (root
 * reads every file anyway; a daemon's account is not a person).
 */
export function otherPeople(passwd: string, uid: number): string[] {
  return passwd.split('\n').flatMap((line) => {
    const [name, , id, , , , shell] = line.split(':');
    const n = Number(id);
    if (!name || !Number.isInteger(n) || n < 1000 || n === 65534 || n === uid) return [];
    return shell && !/\/(nologin|false|sync)$/.test(shell.trim()) ? [name] : [];
  });
}

/**
 * Without a token, anyone who can open a connection to 127.0.0.1 — every account on this
 * machine — can use the service as its owner would: the one line that says so, when there are
 * such accounts. With a token (or where accounts cannot be listed) there is nothing to say.
 */
export function localUsersHint(url: string, hasToken: boolean, passwdFile = '/etc/passwd'): string | undefined {
  if (hasToken || typeof process.getuid !== 'function') return undefined;
  let passwd: string;
  try {
    passwd = readFileSync(passwdFile, 'utf8');
  } catch {
    return undefined;
  }
  const people = otherPeople(passwd, process.getuid());
  if (people.length === 0) return undefined;
  const named = people.length > 3 ? `${people.slice(0, 3).join(', ')} and ${String(people.length - 3)} more` : people.join(', ');
  return `Other accounts on this machine (${named}) can use ${url} too: set KNOWER_TOKEN to keep them out (SECURITY.md, "Other users of this machine").`;
}
