import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { directWriter, type VaultWriter } from '../../src/vault/index.js';

/**
 * The run's real writer, with a person's save landing at one exact point: just before the first
 * call of one of `ops` (after the tool has checked what it is about to act on, before it acts).
 */
export function savingBefore(ops: ReadonlyArray<string>, save: () => void, writer: VaultWriter = directWriter): VaultWriter {
  let saved = false;
  return new Proxy(writer, {
    get(target, name, receiver) {
      const op = Reflect.get(target, name, receiver) as unknown;
      if (typeof name !== 'string' || !ops.includes(name) || typeof op !== 'function') return op;
      return (...args: unknown[]) => {
        if (!saved) {
          saved = true;
          save();
        }
        return (op as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/**
 * A person saving new notes into a folder, in another process. Once told to `watch` a folder, it
 * waits for the first change in it (the delete or move under test has begun), then after
 * `delayMs` creates `count` files a fraction of a millisecond apart. A save into a folder that is
 * gone fails (as it would in an editor) and ends the burst. `done` reports the files it created.
 */
const SAVER = `
const fs = require('fs');
const spin = (ms) => { const end = process.hrtime.bigint() + BigInt(Math.round(ms * 1e6)); while (process.hrtime.bigint() < end); };
let round;
function burst({ folder, delayMs, count, tag }) {
  spin(delayMs);
  for (let n = 0; n < count; n++) {
    const file = folder + '/' + tag + '-' + n + '.md';
    try {
      fs.writeFileSync(file, 'typed by hand ' + n + '\\n', { flag: 'wx' });
      round.saved.push(file);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
      return;
    }
    spin(0.3);
  }
}
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.watch) {
    round = { saved: [], started: false };
    round.watcher = fs.watch(message.watch.folder, () => {
      if (round.started) return;
      round.started = true;
      round.watcher.close();
      burst(message.watch);
    });
    process.stdout.write('watching\\n');
  } else {
    round.watcher.close();
    process.stdout.write(JSON.stringify(round.saved) + '\\n');
  }
});`;

export interface HandSaver {
  /** Arms a burst of saves into `folder`, started by the first change there; resolves once it watches. */
  watch(opts: { folder: string; delayMs: number; count: number; tag: string }): Promise<void>;
  /** Ends the round: the absolute paths of the files the burst created. */
  done(): Promise<string[]>;
  close(): Promise<void>;
}

export function startHandSaver(): HandSaver {
  const child = spawn(process.execPath, ['-e', SAVER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const ask = (message: unknown) => {
    const answer = new Promise<string>((resolve) => waiting.push(resolve));
    child.stdin.write(`${JSON.stringify(message)}\n`);
    return answer;
  };
  return {
    watch: async (opts) => void (await ask({ watch: opts })),
    done: async () => JSON.parse(await ask({ done: true })) as string[],
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
