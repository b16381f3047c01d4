import { access, mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from './config/index.js';
import { createSearchEngine } from './search/index.js';
import { ensureSkeleton, QMD_MASK } from './vault/index.js';

/**
 * One-shot preparation before the server starts in a container: the qmd collection over the
 * vault, a `qmd update`, and a first `qmd embed` once per state dir. Every failure is logged
 * and the exit code stays 0: search degrades, the service still starts.
 */
async function prepare(): Promise<void> {
  const config = loadConfig();
  await mkdir(config.stateDir, { recursive: true });
  await ensureSkeleton(config.vaultPath, new Date());
  const log = (level: string, msg: string, extra?: Record<string, unknown>) =>
    process.stdout.write(`[prepare] ${level}: ${msg}${extra ? ` ${JSON.stringify(extra)}` : ''}\n`);
  const search = createSearchEngine({
    nodeBinary: config.qmd.nodeBinary,
    cliPath: config.qmd.cliPath,
    vaultRoot: await realpath(config.vaultPath),
    stateDir: config.stateDir,
    collection: 'vault',
    mask: QMD_MASK,
    env: config.childEnv,
    log,
  });
  try {
    await search.init();
    log('info', (await search.update()) ? 'index updated' : 'index update failed', { degraded: search.status().degraded });
    const flag = path.join(config.stateDir, 'first-embed.done');
    if (await access(flag).then(() => true, () => false)) return;
    const outcome = await search.embed();
    if (outcome.ok) {
      await writeFile(flag, new Date().toISOString());
      log('info', 'first embedding done');
    } else {
      // Retried at the next start, and by the embed timer once models are present.
      log('warn', `first embedding skipped: ${outcome.error ?? 'unknown error'}`);
    }
  } finally {
    await search.close();
  }
}

prepare().catch((err: unknown) => {
  const message = err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`[prepare] error: ${message}\n(continuing: the server starts anyway)\n`);
});
