import type { CliSettings, Locator } from '../../config/index.js';
import { sameFolder } from './health-probe.js';
import type { RunRecord } from './run-records.js';

/** A locator the settings name with another value than a running service has. */
export interface Difference {
  key: Locator;
  /** "PORT is 9000 in /repo/.env; that one listens on 8000" */
  line: string;
}

/**
 * Where the settings in force (the environment, then .env) name another port, host, vault or
 * state dir than the running service has. Only what the person set counts: a default names no
 * service (a shell without PORT still finds the one started on 9000).
 */
export function settingsDifferences(settings: CliSettings, running: RunRecord): Difference[] {
  const { named } = settings;
  const found: Difference[] = [];
  const differ = (key: Locator, value: string, theirs: string) => {
    const where = named[key];
    if (where) found.push({ key, line: `${key} is ${value} in ${where}; ${theirs}` });
  };
  if (settings.port !== running.port) differ('PORT', String(settings.port), `that one listens on ${String(running.port)}`);
  if (settings.host !== running.host) differ('HOST', settings.host, `that one listens on ${running.host}`);
  if (!sameFolder(settings.vaultPath, running.vault)) differ('VAULT_PATH', settings.vaultPath, `that one serves ${running.vault}`);
  if (!sameFolder(settings.stateDir, running.stateDir)) differ('KNOWER_STATE_DIR', settings.stateDir, `that one uses ${running.stateDir}`);
  return found;
}

/** What `start` says when the settings name another service than the one running, and what to do. */
export function differenceLines(running: RunRecord, differences: Difference[]): string[] {
  return [`the settings name another service than the Knower running at ${running.url} (pid ${String(running.pid)}, vault ${running.vault}):`, ...differences.map((d) => `  ${d.line}`)];
}
