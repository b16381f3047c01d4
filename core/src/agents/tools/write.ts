import { z } from 'zod';
import { setFrontmatterFields, splitNote } from '../../vault/index.js';
import { commitChange, commitCreate, currentIfFresh, fileTarget } from './guarded-write.js';
import { shown, refused } from '../../tools/index.js';
import { defineTool } from './tool.js';

/** `created` records when the note was born: a full rewrite that drops it keeps the old value. */
function keepCreated(current: string, next: string): string {
  const old = /^created:.*$/m.exec(splitNote(current).yaml ?? '')?.[0];
  if (!old || /^created:/m.test(splitNote(next).yaml ?? '')) return next;
  return setFrontmatterFields(next, { created: old.slice('created:'.length).trim() });
}

export const writeTool = defineTool({
  name: 'write',
  title: 'Write a file',
  description:
    'Create a new file, or replace an existing file with new full content. Prefer edit or append for changes to existing notes: ' +
    'write replaces everything, so only use it on an existing file you have read in full in this session. ' +
    'Never set tokens/updated/created: Knower maintains them.',
  input: z.object({
    path: z.string().describe('File path relative to the vault root, e.g. "projects/acme/state.md". Missing folders are created.'),
    content: z.string().max(1_000_000).describe('The complete file content, markdown with optional YAML frontmatter (e.g. title).'),
  }),
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  async run({ path, content }, session) {
    const target = await fileTarget(session, path);
    if (!target.ok) return target.result;
    if (!target.exists) return commitCreate(session, target.rel, target.abs, content);
    if (session.partial.has(target.rel)) {
      return refused(`You were shown only part of ${target.rel}: rewriting it would lose the rest. Use edit or append.`);
    }
    const fresh = await currentIfFresh(session, target.rel, target.abs);
    if (!fresh.ok) return fresh.result;
    const next = keepCreated(fresh.current, content);
    if (next === fresh.current) return shown(`${target.rel} already holds this content; nothing to do.`);
    return commitChange(session, target.rel, target.abs, fresh.current, next, 'Rewrote');
  },
});
