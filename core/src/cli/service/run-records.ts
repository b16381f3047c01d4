import path from 'node:path';
import { makePrivateFolder } from '../../config/private-folder.js';
import { isServiceProcess } from './process-check.js';

// By getBuiltinModule, not import: an ESM import of node:fs reads all its lazy exports (streams,
// fs/promises…), ~15 ms of every `knower` command's start (cli/http-client.ts says more).
const { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = process.getBuiltinModule('node:fs');

/**
 * What `knower start` started, one file per port in the checkout's run dir (.knower/run by
 * default). The checkout is the one place every shell running this `./knower` knows, whatever
 * its PORT or KNOWER_STATE_DIR: the state dir itself cannot be found without the setting that
 * names it. The pid file stays in the state dir as well, for the service's own tools.
 */
export interface RunRecord {
  url: string;
  host: string;
  port: number;
  vault: string;
  stateDir: string;
  pid: number;
  log: string;
  startedAt: string;
}

const TEXT_FIELDS = ['url', 'host', 'vault', 'stateDir', 'log', 'startedAt'] as const;

/** A record as written by writeRecord, or undefined. Checked by hand: every command that finds its service reads these, and zod alone costs a command as much as Node's start. */
function asRecord(value: unknown): RunRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const r = value as Record<string, unknown>;
  if (!TEXT_FIELDS.every((key) => typeof r[key] === 'string')) return undefined;
  if (!Number.isInteger(r.port) || !Number.isInteger(r.pid) || (r.pid as number) <= 0) return undefined;
  const record = Object.fromEntries([...TEXT_FIELDS, 'port', 'pid'].map((key) => [key, r[key]]));
  return record as unknown as RunRecord;
}

const fileOf = (runDir: string, port: number) => path.join(runDir, `service-${String(port)}.json`);

export function writeRecord(runDir: string, record: RunRecord): void {
  // Where a service runs, on which vault, with which log: other users of the machine learn none of it.
  makePrivateFolder(runDir);
  const file = fileOf(runDir, record.port);
  const temp = `${file}.${String(process.pid)}.tmp`;
  writeFileSync(temp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

export function removeRecord(runDir: string, port: number): void {
  rmSync(fileOf(runDir, port), { force: true });
}

/**
 * The records whose service still runs. The others (a dead pid, a pid now used by something
 * else, an unreadable file) are removed on the way: nothing acts on a stale record.
 */
export function liveRecords(runDir: string, repoRoot: string): RunRecord[] {
  let names: string[];
  try {
    names = readdirSync(runDir).filter((n) => /^service-\d+\.json$/.test(n));
  } catch {
    return [];
  }
  const live: RunRecord[] = [];
  for (const name of names) {
    const file = path.join(runDir, name);
    const record = readRecord(file);
    if (record && isServiceProcess(record.pid, { repoRoot, stateDir: record.stateDir })) live.push(record);
    else rmSync(file, { force: true });
  }
  return live.sort((a, b) => a.port - b.port);
}

function readRecord(file: string): RunRecord | undefined {
  try {
    return asRecord(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}
