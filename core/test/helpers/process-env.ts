import { testEnvironment } from '../../src/config/index.js';

/**
 * The environment of a process a test starts (the service, the CLI): the test run's own (no
 * provider keys, no KNOWER_* settings of the shell, no .env of the checkout) plus the test's
 * settings. A service started without KNOWER_ENV_FILE would read the checkout's .env.
 */
export function processEnv(settings: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...testEnvironment(process.env), ...settings };
}
