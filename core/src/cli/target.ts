import type { CliSettings } from '../config/index.js';
import { failed, type Failure } from './outcome.js';
import { commandLine } from './shell-words.js';
import { serviceFiles } from './service/service-files.js';
import { isServiceProcess, readPidFile } from './service/process-check.js';
import { liveRecords, type RunRecord } from './service/run-records.js';

/** The service a command talks to. */
export interface Target {
  url: string;
  stateDir: string;
  vaultPath: string;
  /** Its record, when this checkout's `knower start` started it. */
  record?: RunRecord;
  /** Its process, from the record or else from the pid file in its state dir. */
  pid?: number;
  /** The other services started from this checkout that still run. */
  others: RunRecord[];
}

/**
 * Settings the person gave for this run (PORT or HOST, KNOWER_STATE_DIR in the environment)
 * win. Without them, the service recorded on the configured port is the one; failing that, the
 * only one recorded. Several, none on the configured port: the person must choose.
 */
export function findTarget(settings: CliSettings, command: string[]): Target | Failure {
  const records = liveRecords(settings.runDir, settings.repoRoot);
  const { explicit } = settings;
  let record: RunRecord | undefined;
  if (explicit.address) record = records.find((r) => r.port === settings.port);
  else if (explicit.stateDir) record = records.find((r) => r.stateDir === settings.stateDir);
  else {
    record = records.find((r) => r.port === settings.port) ?? (records.length === 1 ? records[0] : undefined);
    if (!record && records.length > 1) {
      const list = records.map((r) => `${r.url} (vault ${r.vault}, pid ${String(r.pid)})`);
      return failed(
        `several Knower services started from this checkout are running: ${list.join('; ')}`,
        `choose one with PORT, e.g. PORT=${String(records[0]?.port)} ./knower ${commandLine(command)}`,
      );
    }
  }
  const stateDir = explicit.stateDir || !record ? settings.stateDir : record.stateDir;
  const others = records.filter((r) => r !== record);
  const url = explicit.address || !record ? settings.url : record.url;
  const pid = record?.pid ?? unrecordedPid(stateDir, others, settings.repoRoot, url);
  return {
    url,
    stateDir,
    vaultPath: explicit.vault || !record ? settings.vaultPath : record.vault,
    ...(record ? { record } : {}),
    ...(pid !== undefined ? { pid } : {}),
    others,
  };
}

/**
 * The pid file's service, unless it was started at another address than the one asked for (its
 * pid file or a record says so): `PORT=9000 ./knower status` must not blame the service that
 * runs on 8000 from the same state dir for the silence on 9000.
 */
function unrecordedPid(stateDir: string, others: RunRecord[], repoRoot: string, url: string): number | undefined {
  const owner = readPidFile(serviceFiles(stateDir).pidFile);
  if (!owner || others.some((r) => r.pid === owner.pid)) return undefined;
  if (owner.url !== undefined && owner.url !== url) return undefined;
  return isServiceProcess(owner.pid, { repoRoot, stateDir }) ? owner.pid : undefined;
}
