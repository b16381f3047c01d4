import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { newNote } from './new-note.js';

const FOLDERS = ['inbox', 'bucket', 'projects'];

const NOTES: Record<string, string> = {
  'overview.md': `# Overview

This is your Knower vault: plain markdown that you can also edit by hand.

- \`profile.md\` — who you are and how you like things done
- \`tasks.md\` — tasks that belong to no project yet
- \`changelog.md\` — what changed in the vault and why, newest first
- \`projects/<name>/\` — one folder per project: description, state, tasks, changelog
- \`bucket/\` — things not yet attached to a project
- \`inbox/\` — questions Knower needs you to answer
`,
  'profile.md': `# Profile

Durable facts about you and your preferences.
`,
  'tasks.md': `# Tasks

Tasks that belong to no project yet.
`,
  'changelog.md': `# Changelog

Newest first.
`,
};

/** Creates whatever part of the vault skeleton is missing; never overwrites an existing file. */
export async function ensureSkeleton(root: string, now: Date): Promise<string[]> {
  await mkdir(root, { recursive: true });
  const created: string[] = [];
  for (const folder of FOLDERS) await mkdir(path.join(root, folder), { recursive: true });
  for (const [name, body] of Object.entries(NOTES)) {
    const outcome = await writeFileAtomic(path.join(root, name), newNote(body, now), { expect: null });
    if (outcome.ok) created.push(name);
  }
  return created;
}
