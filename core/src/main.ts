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
  const app = await buildApp({ config });
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
