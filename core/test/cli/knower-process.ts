// Running the real `knower` script as a user's shell would, and small HTTP servers on 127.0.0.1
// that stand in for what may hold a port.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { childOutput, type ChildOutput } from '../helpers/child-output.js';

export const repoRoot = resolve(import.meta.dirname, '../../..');
const cli = join(repoRoot, 'knower');

export type Run = ChildOutput;

/**
 * A settings file in `scratch` whose defaults keep the CLI's state and run records there: a
 * shell that sets neither KNOWER_STATE_DIR nor KNOWER_RUN_DIR (a .env value is a default, not a
 * choice for this run) must still never see the records of a service the developer runs from
 * this checkout.
 */
export function scratchEnvFile(scratch: string, name = 'scratch.env', lines: string[] = []): string {
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, name);
  const defaults = [`KNOWER_STATE_DIR=${join(scratch, 'default-state')}`, `KNOWER_RUN_DIR=${join(scratch, 'default-run')}`];
  // The last line that sets a key wins: the test's own lines come last.
  writeFileSync(file, `${[...defaults, ...lines].join('\n')}\n`);
  return file;
}

/** A shell with none of the developer's settings: only what the test passes reaches the CLI. */
export function shellEnv(scratch: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? scratch,
    TMPDIR: scratch,
    KNOWER_RUNTIME: 'native',
    KNOWER_ENV_FILE: extra.KNOWER_ENV_FILE ?? scratchEnvFile(scratch),
    ...extra,
  };
}

export function runKnower(args: string[], env: NodeJS.ProcessEnv, cwd: string, input = ''): Promise<Run> {
  const child = spawn(cli, args, { env, cwd });
  const output = childOutput(child);
  child.stdin.end(input);
  return output;
}

export interface StandIn {
  port: number;
  url: string;
  /** "METHOD path" of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 answering every request with `answer`. */
export async function standIn(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<StandIn> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    answer(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
