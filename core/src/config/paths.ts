import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** core/ (works from src/config and from dist/config alike). */
export const coreDir = path.resolve(here, '..', '..');
/** The checkout: where `knower`, `.env` and the workspaces live. */
export const repoRoot = path.resolve(coreDir, '..');

/**
 * The checkout's own folders: its code, its dependencies, its git data. None of them, nor
 * anything inside, may be a vault or a state dir (the defaults, vault/ and .knower/, sit beside
 * them). test/config/refused-folders.test.ts checks that every folder git tracks is listed.
 */
export const CODE_FOLDERS: readonly string[] = ['.ci', '.git', 'apps', 'core', 'docs', 'integrations', 'node_modules', 'packaging'];
