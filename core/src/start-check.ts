import { ConfigError, findUnknownSettings, folderProblems, loadConfig, readEnvironment, type Config, type UnknownSetting } from './config/index.js';

/**
 * The settings as a start needs them: every value valid, and the vault and state folders ones
 * this user can create and write. A problem is the text to show, naming each setting at fault.
 * Names set that Knower does not read (a typo such as KNOWR_TOKEN) come with the config: they
 * are worth a warning, not a refusal.
 */
export function checkedConfig(): { config: Config; unknown: UnknownSetting[] } | { problem: string } {
  let config: Config;
  let unknown: UnknownSetting[];
  try {
    const environment = readEnvironment();
    config = loadConfig(environment.merged);
    unknown = findUnknownSettings(environment);
  } catch (err) {
    if (err instanceof ConfigError) return { problem: err.message };
    throw err;
  }
  const folders = folderProblems(config);
  if (folders.length === 0) return { config, unknown };
  const lines = folders.map((p) => `  ${p.key}=${JSON.stringify(p.value)}: ${p.message}`);
  return { problem: `Invalid configuration:\n${lines.join('\n')}` };
}
