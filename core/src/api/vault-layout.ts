// The vault's layout, spelled once. Plain values, no zod: the CLI checks a --scope with them
// before it loads anything else (scope.ts), and the vault, the search and the agents, which sit
// above the contract, take them from here. Who holds each name in a given vault (the person's
// own file may) is the vault's to decide: vault/root-names.ts.

/** The folders Knower keeps at the vault root: the inbox's items, things not yet filed, one folder per project. */
export const INBOX_DIR = 'inbox';
export const BUCKET_DIR = 'bucket';
export const PROJECTS_DIR = 'projects';
export const ROOT_FOLDERS = [INBOX_DIR, BUCKET_DIR, PROJECTS_DIR] as const;

/** The files Knower keeps at the vault root; tree.md is generated from the files on disk. */
export const OVERVIEW_FILE = 'overview.md';
export const PROFILE_FILE = 'profile.md';
export const TASKS_FILE = 'tasks.md';
export const CHANGELOG_FILE = 'changelog.md';
export const TREE_FILE = 'tree.md';
export const ROOT_FILES = [OVERVIEW_FILE, PROFILE_FILE, TASKS_FILE, CHANGELOG_FILE, TREE_FILE] as const;
export type RootFile = (typeof ROOT_FILES)[number];

/** The notes every project's folder keeps, beside whatever else is put there: `projects/<name>/state.md`, … */
export const PROJECT_NOTES = { state: 'state.md', description: 'description.md', tasks: 'tasks.md', changelog: 'changelog.md' } as const;

/** A project's folder: `projects/<name>`. */
export const projectFolder = (name: string): string => `${PROJECTS_DIR}/${name}`;

const IN_PROJECT = new RegExp(`^${PROJECTS_DIR}/([^/]+)/.`);

/** The project a vault path belongs to: `projects/<name>/…` → name; anything else (a file right under projects/ too) → undefined. */
export function projectOf(rel: string): string | undefined {
  return IN_PROJECT.exec(rel)?.[1];
}
