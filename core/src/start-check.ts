import { ConfigError, findUnknownSettings, folderProblems, loadConfig, readEnvironment, type Config, type UnknownSetting } from './config/index.js';

/**
 * Why a start cannot go ahead. `settings`: a value is invalid, and only a new environment fixes
 * it (a running container's never changes). `folders`: the vault or state folder cannot be used
 * by this user, which can be fixed from outside while the process waits (a chown on the host);
 * a folder Knower must never use is a setting.
 */
export type StartProblem = { kind: 'settings' | 'folders'; problem: string };

/**
 * The settings as a start needs them: every value valid, and the vault and state folders ones
 * this user can create and write. A problem is the text to show, naming each setting at fault.
 * Names set that Knower does not read (a typo such as KNOWR_TOKEN) come with the config: they
 * are worth a warning, not a refusal.
 */
export function checkedConfig(): { config: Config; unknown: UnknownSetting[] } | StartProblem {
  let config: Config;
  let unknown: UnknownSetting[];
  try {
    const environment = readEnvironment();
    config = loadConfig(environment.merged);
    unknown = findUnknownSettings(environment);
  } catch (err) {
    if (err instanceof ConfigError) return { kind: 'settings', problem: err.message };
    throw err;
  }
  const folders = folderProblems(config);
  if (folders.length === 0) return { config, unknown };
  const lines = folders.map((p) => `  ${p.key}=${JSON.stringify(p.value)}: ${p.message}`);
  // A folder Knower must never use (/etc, a home) is a setting to change: no wait fixes it.
  return { kind: folders.some((p) => p.forbidden) ? 'settings' : 'folders', problem: `Invalid configuration:\n${lines.join('\n')}` };
}
