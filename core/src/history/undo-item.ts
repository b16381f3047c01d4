import path from 'node:path';
import { isTextContent, setFrontmatterFields, type VaultAccess } from '../vault/index.js';
import type { CommitInfo } from './commit-log.js';
import { shorten } from './commit-message.js';
import type { PathRevert } from './undo-path.js';
import { reviewPath } from '../inbox/index.js';

type Unreverted = Extract<PathRevert, { result: 'partial' | 'conflict' }>;

/** A fence longer than any run of backticks inside, so the content shows as it is. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text.endsWith('\n') ? text : `${text}\n`}${fence}`;
}

const shown = (text: string) => (text === '' ? '_(nothing)_' : fenced(text));

function section(item: Unreverted, changedBy: string[]): string[] {
  const lines = [`## ${item.path}`, '', `Not reverted: ${item.reason}.`];
  if (changedBy.length) lines.push('', `Changed since by: ${changedBy.join('; ')}.`);
  if (item.hunks?.length) {
    lines.push('', item.result === 'partial' ? 'The rest of this file was reverted. These lines were left as they are:' : 'Nothing in this file was changed. These lines were left as they are:');
    item.hunks.forEach((h, i) => {
      lines.push('', `### Lines ${i + 1}`, '', 'What the change wrote:', '', shown(h.base), '', 'What is there now:', '', shown(h.current), '', 'What undo would have restored:', '', shown(h.wanted));
    });
  } else if (item.wanted === null) {
    lines.push('', 'Undo would have deleted this file. It is left as it is.');
  } else if (isTextContent(item.wanted)) {
    lines.push('', 'Undo would have restored this version of the file:', '', fenced(item.wanted.toString('utf8'), 'markdown'));
  } else {
    lines.push('', `Undo would have restored an earlier version of this file (${item.wanted.length} bytes, not text); it is in the history.`);
  }
  return lines;
}

/**
 * The inbox item an undo leaves when part of it could not be applied: what was not reverted,
 * why, and the content the undo would have restored, so the person (or a reply to the item)
 * can finish the job by hand.
 */
export async function writeUndoItem(
  vault: VaultAccess,
  opts: { id: string; target: CommitInfo; unreverted: Unreverted[]; reverted: string[]; changedBy: Map<string, string[]>; at: Date },
): Promise<string> {
  const { target, unreverted, reverted } = opts;
  const what = target.updateId ? `update ${target.updateId}` : `the change "${target.subject}"`;
  const body = [
    `# Undo of ${target.updateId ? `update ${target.updateId}` : shorten(target.subject, 60)} could not be applied in full`,
    '',
    `You asked Knower to undo ${what} (${target.at}). ${unreverted.length} file${unreverted.length === 1 ? '' : 's'} changed after it, so undoing would have overwritten later work: ${unreverted.length === 1 ? 'it was' : 'they were'} left as ${unreverted.length === 1 ? 'it is' : 'they are'}, except for the parts that could be reverted cleanly.`,
    '',
    reverted.length ? `Reverted: ${reverted.map((p) => `\`${p}\``).join(', ')}.` : 'Nothing else was changed.',
    '',
    ...unreverted.flatMap((item) => [...section(item, opts.changedBy.get(item.path) ?? []), '']),
    '## What you can do',
    '',
    'Reply to this item saying what to keep (for example "restore the old version of the file"), or edit the files by hand and delete this folder. The history keeps every version.',
    '',
  ].join('\n');
  const review = setFrontmatterFields(body, {
    title: JSON.stringify(`Undo not applied in full: ${unreverted.map((u) => u.path).join(', ')}`.slice(0, 160)),
    summary: JSON.stringify(`Undo of ${what}: ${unreverted.length} file(s) changed since could not be reverted.`),
    undo_of: JSON.stringify(target.commit),
    ...(target.updateId ? { update_id: JSON.stringify(target.updateId) } : {}),
    status: 'undo-conflict',
  });
  const written = await vault.writer.write(path.join(vault.root, reviewPath(opts.id)), review, { expect: null });
  if (!written.ok) throw new Error(`${reviewPath(opts.id)} already exists`);
  return opts.id;
}
