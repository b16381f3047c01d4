// Plain values, no zod: the CLI checks a --scope with them before it loads anything else.
import { PROJECTS_DIR, projectFolder } from './vault-layout.js';

export const PROJECT_SCOPE = /^project:([^/\\.][^/\\]*)$/;

export const SCOPE_MAX_CHARS = 200;

/** The one way to narrow a search or a question to a project: `project:<folder name under projects/>`. */
export const isProjectScope = (scope: string): boolean => scope.length <= SCOPE_MAX_CHARS && PROJECT_SCOPE.test(scope);

export const SCOPE_SHAPE = `scope must look like "project:<name>", the name of a folder under ${PROJECTS_DIR}/`;

/** The folder a valid scope narrows to: `project:acme` → `projects/acme/`. */
export const scopeFolder = (scope: string): string => `${projectFolder(PROJECT_SCOPE.exec(scope)?.[1] ?? '')}/`;
