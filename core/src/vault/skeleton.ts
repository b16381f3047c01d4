import path from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { makeFolders } from './file-modes.js';
import { newNote } from './new-note.js';
import { CHANGELOG_FILE, OVERVIEW_FILE, PROFILE_FILE, ROOT_FOLDERS, TASKS_FILE, type RootFile } from '../api/vault-layout.js';
import { allKnowers, type RootNames } from './root-names.js';

const NOTES: Partial<Record<RootFile, string>> = {
  [OVERVIEW_FILE]: `# Overview

This is your Knower vault: plain markdown that you can also edit by hand.

- \`profile.md\` — who you are and how you like things done
- \`tasks.md\` — tasks that belong to no project yet
- \`changelog.md\` — what changed in the vault and why, newest first
- \`projects/<name>/\` — one folder per project: description, state, tasks, changelog
- \`bucket/\` — things not yet attached to a project
- \`inbox/\` — questions Knower needs you to answer
`,
  [PROFILE_FILE]: `# Profile

Durable facts about you and your preferences.
`,
  [TASKS_FILE]: `# Tasks

Tasks that belong to no project yet.
`,
  [CHANGELOG_FILE]: `# Changelog

Newest first.
`,
};

/**
 * Creates whatever part of the vault skeleton is missing; never overwrites an existing file.
 * Where the person's own file holds a name, Knower's version goes where `names` keeps it.
 */
export async function ensureSkeleton(root: string, now: Date, names: RootNames = allKnowers(root)): Promise<string[]> {
  await makeFolders(root);
  const created: string[] = [];
  for (const folder of ROOT_FOLDERS) if (!names.isPersons(folder)) await makeFolders(path.join(root, folder));
  for (const [name, body] of Object.entries(NOTES) as Array<[RootFile, string]>) {
    const outcome = await writeFileAtomic(names.fileOf(name), newNote(body, now), { expect: null });
    if (outcome.ok && names.inVault(name)) created.push(name);
  }
  return created;
}
