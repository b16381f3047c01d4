import { checkedConfig } from './start-check.js';

/**
 * `node dist/preflight.js`: exits 0 when the service can start with these settings, else prints
 * why and exits 78 (EX_CONFIG) for a setting, 77 (EX_NOPERM) for a folder it cannot use. The
 * container's start script runs it first: it waits out a folder problem (a chown on the host
 * fixes it) and exits on a setting, which only a new container can change.
 */
const PREFLIGHT_EXIT = { settings: 78, folders: 77 } as const;

const checked = checkedConfig();
if ('problem' in checked) {
  process.stderr.write(`${checked.problem}\n`);
  process.exitCode = PREFLIGHT_EXIT[checked.kind];
}
