import type { CliSettings } from '../../config/index.js';
import { createHttpClient } from '../http-client.js';
import { probeHealth, sameFolder, servesVault, type ProbedHealth } from './health-probe.js';
import { serviceFiles } from './service-files.js';
import { isServiceProcess, readPidFile } from './process-check.js';
import { liveRecords, type RunRecord } from './run-records.js';
import { differenceLines, settingsDifferences } from './settings-differences.js';

export type Conflict =
  /** Nothing in the way; `beside`: what to say about the other service the settings do not name. */
  | { kind: 'none'; beside?: string[] }
  /** This vault is served already: starting it is not an error. */
  | { kind: 'running'; url: string; line: string; health?: ProbedHealth }
  | { kind: 'refuse'; lines: string[] };

const refuse = (...lines: string[]): Conflict => ({ kind: 'refuse', lines });
const stopFirst = (running: RunRecord) => `to start it with these settings, stop that one first: PORT=${String(running.port)} ./knower stop, then ./knower start`;

/**
 * How long an answer to "who holds this port?" may take. Knower's /health answers from memory
 * in milliseconds, even while it indexes; a listener silent this long is not one to wait for.
 */
const PROBE_S = 1.5;

/**
 * Before a native start: is this vault already served, or are its port or state dir taken?
 * A port is Knower's when GET /health answers with its document; its `vault.path` says which
 * vault. Two services must never share a vault or a state dir (both would write there). A
 * running service is "already running" only when the settings the person set (.env included)
 * name it: a .env edited since it started names another service, and `start` says how.
 */
export async function checkConflicts(settings: CliSettings): Promise<Conflict> {
  const { port, url, stateDir, vaultPath } = settings;
  const records = liveRecords(settings.runDir, settings.repoRoot);
  const other = `choose another port, e.g. PORT=${String(port === 65535 ? port - 1 : port + 1)} ./knower start`;

  const serving = records.find((r) => sameFolder(r.vault, vaultPath));
  if (serving) {
    // An explicit PORT asks for this vault at that address: elsewhere is not what was asked for.
    if (settings.explicit.address && serving.port !== port) {
      return refuse(
        `this vault is already served at ${serving.url} (pid ${String(serving.pid)}), not at ${url}`,
        `to move it to port ${String(port)}, stop it first: PORT=${String(serving.port)} ./knower stop`,
      );
    }
    // One vault, one service: settings naming this vault elsewhere are for that one, restarted.
    const differences = settingsDifferences(settings, serving);
    if (differences.length) return refuse(...differenceLines(serving, differences), stopFirst(serving));
    const probe = await probeHealth(createHttpClient(serving.url, settings.token), PROBE_S);
    const line = `Knower is already running at ${serving.url} (pid ${String(serving.pid)})`;
    return { kind: 'running', url: serving.url, line, ...(probe.kind === 'knower' ? { health: probe.health } : {}) };
  }

  // Nothing chosen in the environment for this run: `start` means "make sure Knower runs", and
  // one does, unless what .env names is another service (the file was edited since it started).
  const { address, stateDir: stateChosen, vault: vaultChosen } = settings.explicit;
  const running = address || stateChosen || vaultChosen ? undefined : (records.find((r) => r.port === port) ?? records[0]);
  const differences = running ? settingsDifferences(settings, running) : [];
  let beside: string[] | undefined;
  if (running && differences.length) {
    // Another service only when the settings give it a port and a state dir of its own: a
    // default port or state dir names nothing, and two services never share either.
    const missing: string[] = [];
    if (running.port === port || !settings.named.PORT) missing.push('PORT');
    if (sameFolder(running.stateDir, stateDir)) missing.push('KNOWER_STATE_DIR');
    if (missing.length) return refuse(...differenceLines(running, differences), stopFirst(running), `to run both, give the new one its own ${missing.join(' and ')}`);
    beside = [...differenceLines(running, differences), `starting it beside that one (PORT=${String(running.port)} ./knower stop stops that one)`];
  } else if (running) {
    const probe = await probeHealth(createHttpClient(running.url, settings.token), PROBE_S);
    const line = `Knower is already running at ${running.url} (pid ${String(running.pid)}, vault ${running.vault})`;
    return { kind: 'running', url: running.url, line, ...(probe.kind === 'knower' ? { health: probe.health } : {}) };
  }

  const holder = records.find((r) => r.port === port);
  const who = holder ? ` (pid ${String(holder.pid)}, started from this checkout)` : '';
  const probe = await probeHealth(createHttpClient(url, settings.token), PROBE_S);
  switch (probe.kind) {
    case 'knower':
      if (servesVault(probe.health, vaultPath)) {
        return { kind: 'running', url, line: `A Knower service already answers at ${url} (not started by this checkout's CLI)`, health: probe.health };
      }
      return refuse(`port ${String(port)} is taken: the Knower at ${url}${who} serves another vault, ${probe.health.vault.path}`, `stop it (PORT=${String(port)} ./knower stop), or ${other}`);
    case 'token':
      return refuse(`port ${String(port)} is taken by a service that asks for a token (${probe.detail})`, `if it is a Knower, set its KNOWER_TOKEN to use it; otherwise ${other}`);
    case 'other':
      return refuse(`port ${String(port)} is taken by something that is not Knower (${probe.detail})`, other);
    case 'silent':
      return refuse(`port ${String(port)} is taken by something that does not answer HTTP (${probe.detail})`, other);
    case 'down':
      break;
  }
  if (holder) {
    return refuse(`port ${String(port)} belongs to the Knower serving ${holder.vault}${who}, which does not answer yet`, 'see ./knower logs, or end it with ./knower stop');
  }
  const sharing = records.find((r) => r.stateDir === stateDir);
  if (sharing) {
    return refuse(
      `the state dir ${stateDir} is in use by the Knower serving ${sharing.vault} at ${sharing.url} (pid ${String(sharing.pid)})`,
      `set another KNOWER_STATE_DIR for this vault, or stop that one first: PORT=${String(sharing.port)} ./knower stop`,
    );
  }
  const owner = readPidFile(serviceFiles(stateDir).pidFile);
  if (owner && isServiceProcess(owner.pid, { repoRoot: settings.repoRoot, stateDir })) {
    const where = owner.url ? ` (started at ${owner.url})` : '';
    const stop = owner.url && owner.url !== url ? `PORT=${new URL(owner.url).port} ./knower stop` : './knower stop';
    return refuse(`the state dir ${stateDir} is in use by a Knower (pid ${String(owner.pid)})${where} that does not answer at ${url}`, `stop it first: ${stop}`);
  }
  return beside ? { kind: 'none', beside } : { kind: 'none' };
}
