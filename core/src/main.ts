import { buildApp } from './app.js';
import { unknownSettingLine } from './config/index.js';
import { startLogRotation } from './log-rotation.js';
import { checkedConfig } from './start-check.js';

/** The process: configuration, listen, signals, graceful close. */
async function main(): Promise<void> {
  const checked = checkedConfig();
  if ('problem' in checked) {
    process.stderr.write(`${checked.problem}\n`);
    process.exit(78); // EX_CONFIG
  }
  const { config, unknown } = checked;
  // Everything Knower writes for itself (its state folder: history, index, records, logs) is this
  // user's alone, and so is what its children (git, qmd, the search worker) write: they inherit
  // the umask. Files in the vault get the vault's own modes instead (vault/file-modes.ts), never
  // wider than the umask the person started it with.
  const umask = process.umask(0o077);
  const app = await buildApp({ config, umask });
  for (const setting of unknown) app.log.warn({ setting: setting.name, nearest: setting.nearest }, unknownSettingLine(setting));
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  const { logFile } = config;
  if (logFile) startLogRotation(logFile, config.logMaxBytes, () => app.log.info({ older: `${logFile}.1` }, 'log rotated'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  process.stderr.write(`Knower failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
