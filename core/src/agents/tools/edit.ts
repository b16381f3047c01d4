import { z } from 'zod';
import { resolveToolPath } from '../tool-paths.js';
import { commitChange, currentIfFresh } from './guarded-write.js';
import { refused } from '../../tools/index.js';
import { defineTool } from './tool.js';

export const editTool = defineTool({
  name: 'edit',
  title: 'Edit a file',
  description:
    'Replace the first occurrence of an exact piece of text in a file you have read in this session. ' +
    'Use it to update a fact, a status or a task in an existing note without rewriting the rest. ' +
    'Copy old_content exactly from what read showed, with enough context to be unique.',
  input: z.object({
    path: z.string().describe('File path relative to the vault root, e.g. "projects/acme/state.md".'),
    old_content: z.string().min(1).describe('The exact text to replace, as it appears in the file (first occurrence is replaced).'),
    new_content: z.string().describe('The text to put in its place ("" removes it).'),
  }),
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  async run({ path, old_content, new_content }, session) {
    const target = await resolveToolPath(session, path, 'change');
    if (!target.ok) return refused(target.error);
    const fresh = await currentIfFresh(session, target.rel, target.abs);
    if (!fresh.ok) return fresh.result;
    // Applied to the text on disk now: it differs from what was read at most in job-managed fields.
    const at = fresh.current.indexOf(old_content);
    if (at === -1) {
      return refused(`old_content was not found in ${target.rel}. Copy it exactly from the file as read (whitespace included), or read it again.`);
    }
    const next = fresh.current.slice(0, at) + new_content + fresh.current.slice(at + old_content.length);
    return commitChange(session, target.rel, target.abs, fresh.current, next, 'Edited');
  },
});
