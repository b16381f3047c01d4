import { folderProblem, type CliSettings } from '../../config/index.js';
import { failed, type Failure } from '../outcome.js';

type Folder = 'VAULT_PATH' | 'KNOWER_STATE_DIR' | 'KNOWER_RUN_DIR';

const pathOf = (settings: CliSettings, key: Folder) => (key === 'VAULT_PATH' ? settings.vaultPath : key === 'KNOWER_STATE_DIR' ? settings.stateDir : settings.runDir);

/**
 * The folders a verb creates or writes, checked before it does: a setting that points at a file,
 * or at a folder this user cannot write, is named with what to do (not an ENOTDIR stack trace).
 */
export function checkFolders(settings: CliSettings, keys: Folder[]): Failure | undefined {
  const lines = keys.flatMap((key) => {
    const problem = folderProblem(key, pathOf(settings, key));
    return problem ? [`${key} ${problem.message} (got '${problem.value}')`] : [];
  });
  return lines.length ? failed(...lines) : undefined;
}
