import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** core/ (works from src/config and from dist/config alike). */
export const coreDir = path.resolve(here, '..', '..');
/** The checkout: where `knower`, `.env` and the workspaces live. */
export const repoRoot = path.resolve(coreDir, '..');
