import { ConfigError, folderProblems, loadConfig, type Config } from './config/index.js';

/**
 * The settings as a start needs them: every value valid, and the vault and state folders ones
 * this user can create and write. A problem is the text to show, naming each setting at fault.
 */
export function checkedConfig(): { config: Config } | { problem: string } {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return { problem: err.message };
    throw err;
  }
  const folders = folderProblems(config);
  if (folders.length === 0) return { config };
  const lines = folders.map((p) => `  ${p.key}=${JSON.stringify(p.value)}: ${p.message}`);
  return { problem: `Invalid configuration:\n${lines.join('\n')}` };
}
