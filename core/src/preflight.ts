import { checkedConfig } from './start-check.js';

/**
 * `node dist/preflight.js`: exits 0 when the service can start with these settings, else prints
 * why and exits 78 (EX_CONFIG). The container's start script runs it first, so that a vault the
 * container's user cannot write is said once and waited out, not restarted in a loop.
 */
const checked = checkedConfig();
if ('problem' in checked) {
  process.stderr.write(`${checked.problem}\n`);
  process.exitCode = 78;
}
