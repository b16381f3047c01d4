import { z } from 'zod';
import { headAndBody, insertAtBottom, insertAtTop } from '../note-text.js';
import { commitChange, commitCreate, currentIfFresh, fileTarget } from './guarded-write.js';
import { defineTool } from './tool.js';

export const appendTool = defineTool({
  name: 'append',
  title: 'Append to a note',
  description:
    'Add a block of markdown to a file you have read in this session, at the top (newest first: below the title and its intro line, ' +
    'above existing entries; use this for changelog entries) or at the bottom (use this for tasks and running notes). ' +
    'If the file does not exist yet, it is created with the block.',
  input: z.object({
    path: z.string().describe('File path relative to the vault root, e.g. "changelog.md" or "projects/acme/tasks.md".'),
    content: z.string().min(1).max(200_000).describe('The markdown block to add, e.g. "## 2025-01-31 14:02 UTC · update u123\\n- Added the launch date to projects/acme/state.md".'),
    position: z.enum(['top', 'bottom']).default('bottom').describe('"top" = newest-first position under the title; "bottom" = end of the file.'),
  }),
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  async run({ path, content, position }, session) {
    const target = await fileTarget(session, path);
    if (!target.ok) return target.result;
    if (!target.exists) return commitCreate(session, target.rel, target.abs, `${content.trimEnd()}\n`);
    const fresh = await currentIfFresh(session, target.rel, target.abs);
    if (!fresh.ok) return fresh.result;
    const { head, body } = headAndBody(fresh.current);
    const next = head + (position === 'top' ? insertAtTop(body, content) : insertAtBottom(body, content));
    return commitChange(session, target.rel, target.abs, fresh.current, next, position === 'top' ? 'Added at the top of' : 'Appended to');
  },
});
