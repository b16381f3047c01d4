import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { makePrivateFolder } from '../../config/index.js';
import { isServiceProcess } from './process-check.js';

/**
 * What `knower start` started, one file per port in the checkout's run dir (.knower/run by
 * default). The checkout is the one place every shell running this `./knower` knows, whatever
 * its PORT or KNOWER_STATE_DIR: the state dir itself cannot be found without the setting that
 * names it. The pid file stays in the state dir as well, for the service's own tools.
 */
const recordSchema = z.object({
  url: z.string(),
  host: z.string(),
  port: z.number().int(),
  vault: z.string(),
  stateDir: z.string(),
  pid: z.number().int().positive(),
  log: z.string(),
  startedAt: z.string(),
});

export type RunRecord = z.infer<typeof recordSchema>;

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
    const parsed = recordSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
