import { devNull } from 'node:os';

/**
 * What a test run keeps of the environment it was started from: enough to find programs, a
 * home, a temp dir, a locale and a terminal. Everything else stays out: provider keys and base
 * URLs, KNOWER_* settings, proxies. A test can then reach no real model, and no setting of the
 * person running it changes what the tests see.
 */
const KEEP = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TERM',
  'COLORTERM',
  'CI',
  'NO_COLOR',
  'FORCE_COLOR',
  // Where the end-to-end suite finds the browser (Debian's by default), and writes its report.
  'CHROMIUM_PATH',
  'KNOWER_E2E_REPORT',
  'PLAYWRIGHT_JSON_OUTPUT_NAME',
  // Windows needs these to start any program.
  'SYSTEMROOT',
  'SystemRoot',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
]);

export function testEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && (KEEP.has(key) || key.startsWith('LC_'))) kept[key] = value;
  }
  // The service and the CLI read the checkout's .env unless told which file to read: the
  // empty device, so a developer's key there never reaches a test.
  return { ...kept, KNOWER_ENV_FILE: devNull };
}

/** Where the docker command finds its engine: the container checks (`knower test --docker`) keep it. */
export function dockerEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const key of ['DOCKER_HOST', 'DOCKER_CONTEXT', 'DOCKER_CONFIG', 'DOCKER_BUILDKIT']) if (env[key] !== undefined) kept[key] = env[key];
  return kept;
}

/**
 * Turns the running process's own environment into the test environment, in place: what a test
 * runner's config does first, so every test and every process a test starts with
 * `...process.env` inherits it. With `docker`, the engine's address stays too.
 */
export function isolateTestProcess(env: NodeJS.ProcessEnv, opts: { docker?: boolean } = {}): void {
  const isolated = { ...testEnvironment(env), ...(opts.docker ? dockerEnvironment(env) : {}) };
  for (const key of Object.keys(env)) if (!(key in isolated)) delete env[key];
  Object.assign(env, isolated);
}
