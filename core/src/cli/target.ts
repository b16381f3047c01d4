import type { CliSettings } from '../config/index.js';
import { failed, type Failure } from './outcome.js';
import { serviceFiles } from './service/native-service.js';
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
export function findTarget(settings: CliSettings, verb: string): Target | Failure {
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
        `choose one with PORT, e.g. PORT=${String(records[0]?.port)} ./knower ${verb}`,
      );
    }
  }
  const stateDir = explicit.stateDir || !record ? settings.stateDir : record.stateDir;
  const others = records.filter((r) => r !== record);
  const pid = record?.pid ?? unrecordedPid(stateDir, others, settings.repoRoot);
  return {
    url: explicit.address || !record ? settings.url : record.url,
    stateDir,
    vaultPath: explicit.vault || !record ? settings.vaultPath : record.vault,
    ...(record ? { record } : {}),
    ...(pid !== undefined ? { pid } : {}),
    others,
  };
}

/** The pid file's service, unless it is one a record places at another address. */
function unrecordedPid(stateDir: string, others: RunRecord[], repoRoot: string): number | undefined {
  const pid = readPidFile(serviceFiles(stateDir).pidFile);
  if (pid === undefined || others.some((r) => r.pid === pid)) return undefined;
  return isServiceProcess(pid, repoRoot) ? pid : undefined;
}
