import type { Environment } from './environment.js';

/** A name set in the environment or the .env file that Knower does not read, and the setting it most likely meant. */
export interface UnknownSetting {
  name: string;
  /** "the environment", or the .env file's path. */
  where: string;
  /** The setting a typo or two away from it, when there is one. */
  nearest?: string;
}

/**
 * KNOWER_* names read outside core's config, so never unknown: by the build (`KNOWER_NATIVE`), the
 * web app's dev server (`KNOWER_CORE_URL`, `KNOWER_VITE_CACHE_DIR`), the end-to-end suite
 * (`KNOWER_E2E_REPORT`), the Claude Code plugin's hooks (README, "Claude Code") and the README's
 * Claude Desktop example (`KNOWER_AUTH`).
 */
export const SETTINGS_READ_ELSEWHERE: readonly string[] = [
  'KNOWER_NATIVE',
  'KNOWER_CORE_URL',
  'KNOWER_VITE_CACHE_DIR',
  'KNOWER_E2E_REPORT',
  'KNOWER_URL',
  'KNOWER_PROJECT',
  'KNOWER_BRIEF_TOKENS',
  'KNOWER_CAPTURE',
  'KNOWER_CAPTURE_MAX_CHARS',
  'KNOWER_AUTH',
];

const PREFIX = 'KNOWER_';

/**
 * The names that look meant for Knower but that it does not read, so that a typo is not silently
 * a default (a KNOWR_TOKEN leaves the service without a token): every unknown KNOWER_* name, and
 * any other name within a typo of a setting (VAULT_PAHT, knower_token). Another program's
 * variables are left alone: a short setting (PORT, HOST) admits one typo, a longer one two. Only
 * names are read, never values: these lines end up in terminals and logs.
 */
export function unknownSettings(environment: Environment, known: readonly string[]): UnknownSetting[] {
  const knownSet = new Set(known);
  const sources: [string, Iterable<string>][] = [
    ['the environment', Object.keys(environment.process)],
    [environment.envFile, environment.fromFile],
  ];
  const found: UnknownSetting[] = [];
  for (const [where, names] of sources) {
    for (const name of names) {
      if (knownSet.has(name)) continue;
      const near = nearest(name, known);
      const close = near !== undefined && near.distance <= typos(near.name);
      if (name.toUpperCase().startsWith(PREFIX)) found.push({ name, where, ...(close ? { nearest: near.name } : {}) });
      else if (close) found.push({ name, where, nearest: near.name });
    }
  }
  return found;
}

/** How many typos a name may hold and still be taken for this setting. */
const typos = (setting: string) => (setting.length < 10 ? 1 : 2);

/** The line the CLI prints and the service logs: the name, never its value. */
export function unknownSettingLine(setting: UnknownSetting): string {
  const set = `${setting.name} (set in ${setting.where})`;
  return setting.nearest ? `${set} is not a Knower setting: did you mean ${setting.nearest}? It is ignored.` : `${set} is not a Knower setting and is ignored (.env.example lists them all).`;
}

/** The known setting closest to `name`, compared in upper case and, for KNOWER_PORT and the like, without the prefix. */
function nearest(name: string, known: readonly string[]): { name: string; distance: number } | undefined {
  const upper = name.toUpperCase();
  const forms = upper.startsWith(PREFIX) ? [upper, upper.slice(PREFIX.length)] : [upper];
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = Math.min(...forms.map((form) => editDistance(form, candidate)));
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best;
}

/** Edits (insert, delete, replace, swap two neighbours) from a to b: VAULT_PAHT is one from VAULT_PATH. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const above = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}
