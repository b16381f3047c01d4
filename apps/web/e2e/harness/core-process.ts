import { spawn, type ChildProcess } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { CORE_MAIN, NODE22, REPO_ROOT } from './paths.js';

export interface CoreProcess {
  /** http://127.0.0.1:<port>: the only origin the browser may talk to. */
  url: string;
  logFile: string;
  stop(): Promise<void>;
}

export interface CoreOptions {
  vaultPath: string;
  stateDir: string;
  /** A private HOME: qmd finds (or rather, does not find) its model cache through it. */
  home: string;
  modelURL: string;
  logFile: string;
  /** Start on this port (a restart keeps the address the browser already talks to). */
  port?: number;
  /** Settings added last, e.g. another model provider. */
  env?: Record<string, string>;
}

const STARTUP_TIMEOUT_MS = 45_000;
const STOP_TIMEOUT_MS = 10_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('could not pick a free port');
  return address.port;
}

async function logTail(logFile: string, lines = 40): Promise<string> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text.split('\n').slice(-lines).join('\n');
}

/**
 * Starts core from its build as CI and `knower start` (native runtime) do: `node core/dist/main.js`
 * with its settings in the environment. The environment is built from scratch, so a developer's
 * own KNOWER_* or ANTHROPIC_* settings never leak into the run. Resolves once /health answers and
 * the watcher is ready (a change on disk before that would be missed by the test, not by users).
 */
export async function startCore(opts: CoreOptions): Promise<CoreProcess> {
  if (opts.port !== undefined) return startOnce(opts, opts.port);
  // A port picked free can be taken before core binds it: try again with another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts, await freePort());
    } catch (err) {
      if (attempt < 3 && err instanceof PortTaken) continue;
      throw err;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(opts: CoreOptions, port: number): Promise<CoreProcess> {
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: opts.home,
    LANG: 'C.UTF-8',
    VAULT_PATH: opts.vaultPath,
    KNOWER_STATE_DIR: opts.stateDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: opts.modelURL,
    KNOWER_EMBED_INTERVAL_S: '0',
    KNOWER_LOG_LEVEL: 'warn',
    // The service reads the checkout's .env too: a developer's settings there stay out of the tests.
    KNOWER_ENV_FILE: '/dev/null',
    // qmd turns its model operations (downloads included) off under CI: nothing leaves the machine.
    CI: '1',
    NO_COLOR: '1',
    ...opts.env,
  };
  const log = await open(opts.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(NODE22, [CORE_MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', log.fd, log.fd] });
  } finally {
    await log.close();
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));
  // Whatever happens to the test process, core must not outlive it.
  const killHard = () => {
    if (!gone) child.kill('SIGKILL');
  };
  process.once('exit', killHard);

  const stop = async () => {
    process.removeListener('exit', killHard);
    if (gone) return;
    child.kill('SIGTERM');
    const timer = setTimeout(killHard, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone) {
      const { code, signal } = await exited;
      const tail = await logTail(opts.logFile);
      if (/EADDRINUSE/.test(tail)) throw new PortTaken(`port ${port} was taken`);
      throw new Error(`core exited during start-up (code ${code}, signal ${signal}). Its log:\n${tail}`);
    }
    // With a token, /health wants it too (as every route does).
    const auth: Record<string, string> = env.KNOWER_TOKEN ? { authorization: `Bearer ${env.KNOWER_TOKEN}` } : {};
    const health = await fetch(`${url}/health`, { headers: auth, signal: AbortSignal.timeout(2_000) })
      .then((r) => (r.ok ? (r.json() as Promise<{ vault?: { watching?: boolean } }>) : undefined))
      .catch(() => undefined);
    if (health?.vault?.watching) return { url, logFile: opts.logFile, stop };
    await new Promise((resolve) => setTimeout(resolve, 100)); // polling interval, not a wait for correctness
  }
  await stop();
  throw new Error(`core did not answer GET /health with a ready watcher within ${STARTUP_TIMEOUT_MS / 1000} s. Its log:\n${await logTail(opts.logFile)}`);
}
