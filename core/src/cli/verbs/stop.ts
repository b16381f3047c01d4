import { existsSync } from 'node:fs';
import { EXIT, failed, isFailure } from '../outcome.js';
import { takeLock } from '../service/cli-lock.js';
import { checkFolders } from '../service/folders.js';
import { compose } from '../service/docker-runtime.js';
import { detectRuntime } from '../service/runtime-choice.js';
import { removePidFile, stopProcess } from '../service/native-service.js';
import { serviceFiles } from '../service/service-files.js';
import { isServiceProcess, readPidFile, type PidFile } from '../service/process-check.js';
import { removeRecord } from '../service/run-records.js';
import { findTarget } from '../target.js';
import type { Verb } from './verb.js';

export const stop: Verb = {
  name: 'stop',
  help: `Usage: knower stop

Stops the service: SIGTERM to the native process (SIGKILL after 10 s), or
\`docker compose stop\` in the Docker runtime. Stopping a stopped service is not an error.
Without PORT or KNOWER_STATE_DIR in the environment it stops the service ./knower start
recorded (see ./knower start --help).
`,
  options: {},
  takesWords: false,
  async run(_args, ctx) {
    const { settings, out } = ctx;
    const target = findTarget(settings, [ctx.verb, ...ctx.args]);
    if (isFailure(target)) return target;
    const folders = checkFolders(settings, ['KNOWER_RUN_DIR']);
    if (folders) return folders;
    const lock = await takeLock(settings.runDir);
    if (isFailure(lock)) return lock;
    try {
      let stopped = false;
      const pidFile = serviceFiles(target.stateDir).pidFile;
      const { pid } = target;
      if (pid !== undefined) {
        await stopProcess(pid, out.warn);
        removePidFile(target.stateDir);
        if (target.record) removeRecord(settings.runDir, target.record.port);
        out.say(`Stopped Knower (pid ${String(pid)})`);
        stopped = true;
      } else if (existsSync(pidFile) && isStale(readPidFile(pidFile), { repoRoot: settings.repoRoot, stateDir: target.stateDir })) {
        // Stale: its process is gone. A live one is a service at another address (its pid file
        // says which): not the one asked for, and its pid file stays.
        removePidFile(target.stateDir);
      }
      const runtime = await detectRuntime(ctx);
      if (isFailure(runtime)) return runtime;
      if (runtime.kind === 'docker') {
        if ((await compose(ctx, runtime, ['--profile', 'core', '--profile', 'web', 'stop'])) !== 0) return failed('docker compose stop failed');
        out.say('Stopped the Knower containers.');
        stopped = true;
      }
      if (!stopped) out.say('Knower is not running.');
      return EXIT.ok;
    } finally {
      lock.release();
    }
  },
};

function isStale(owner: PidFile | undefined, service: { repoRoot: string; stateDir: string }): boolean {
  return !owner || !isServiceProcess(owner.pid, service);
}
