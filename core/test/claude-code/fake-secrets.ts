import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const letters = (n: number, alphabet: string) => Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Credentials of the shapes people paste into a session, made fresh for each run (none is kept
 * in the repository, where secret scanners would rightly flag them): each has the exact shape
 * of the real thing, so a rule that recognises the real one recognises it.
 */
export function fakeSecrets() {
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    anthropic: `sk-ant-api03-${letters(93, `${ALNUM}-_`)}AA`,
    awsKeyId: `AKIA${letters(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
    awsSecret: letters(40, `${ALNUM}/+`),
    github: `ghp_${letters(36, ALNUM)}`,
    dbPassword: `pw-${letters(20, ALNUM)}`,
    pem,
    privateNote: `the locker code is ${letters(6, '0123456789')}`,
  };
}

export type FakeSecrets = ReturnType<typeof fakeSecrets>;

/** What must never appear: each secret, and each line of the private key's body. */
function needles(secrets: FakeSecrets): string[] {
  const keyLines = secrets.pem.split('\n').filter((line) => line.length > 20 && !line.startsWith('-----'));
  return [secrets.anthropic, secrets.awsKeyId, secrets.awsSecret, secrets.github, secrets.dbPassword, secrets.privateNote, ...keyLines];
}

/** The needles found in `texts` (whatever they are: request bodies, records), each with where. */
export function leaks(texts: Record<string, string>, secrets: FakeSecrets): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(texts)) for (const needle of needles(secrets)) if (text.includes(needle)) found.push(`${where}: ${needle.slice(0, 16)}…`);
  return found;
}

/** Every regular file under `dir`, as text, keyed by its path (git's packed objects are compressed: a plain search is what a person would do). */
export async function filesUnder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[file] = await readFile(file, 'utf8').catch(() => '');
  }
  return out;
}
