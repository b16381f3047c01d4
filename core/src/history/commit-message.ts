import type { CommitInfo, CommitKind } from './commit-log.js';
import type { Person } from './repo.js';

/** What a commit is about: the run or snapshot it records. Kept beside a pending run as meta.json. */
export type RunMeta =
  | { kind: 'update'; updateId: string; text: string; summary?: string; status: string; at: string }
  | { kind: 'undo'; undoes: string; undoneSubject: string; conflicts: number; at: string }
  | { kind: 'restore'; path: string; from: string; fromAt: string; at: string }
  | { kind: 'hand'; paths: string[]; at: string }
  | { kind: 'snapshot'; files: number; at: string }
  /** What a forget took out of the vault, counted: never the text or the paths themselves. */
  | { kind: 'forget'; what: 'text' | 'files'; files: number; at: string };

export const AUTHORS: Record<CommitKind, Person> = {
  update: { name: 'Knower update agent', email: 'update-agent@knower.invalid' },
  undo: { name: 'Knower undo', email: 'undo@knower.invalid' },
  restore: { name: 'Knower restore', email: 'restore@knower.invalid' },
  hand: { name: 'Hand edits', email: 'hand-edits@knower.invalid' },
  snapshot: { name: 'Knower', email: 'knower@knower.invalid' },
  forget: { name: 'Knower forget', email: 'forget@knower.invalid' },
};

/** '2025-03-14T09:26:41.000Z' → '2025-03-14 09:26 UTC' (as the changelog writes times); anything else as it is. */
export function readableTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Text with every control character shown as a visible one (U+241E for U+001E, U+2421 for DEL,
 * U+FFFD for the C1 range). A commit message holds what a person typed, and git's log is read
 * by framing (NUL ends a message for git, a newline starts a trailer): no control character of
 * theirs may ever reach one.
 */
function visible(text: string): string {
  return text.replace(/\p{Cc}/gu, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
  });
}

/** One line of visible characters, at most `max` of them (runs of whitespace become one space). */
export function shorten(text: string, max: number): string {
  const flat = visible(text.replace(/\s+/g, ' ').trim());
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function subjectOf(meta: RunMeta): string {
  switch (meta.kind) {
    case 'update':
      return `Update ${meta.updateId}${meta.status === 'failed' ? ' (failed)' : ''}: ${shorten(meta.text, 60) || '(images only)'}`;
    case 'undo':
      // Undoing an undo puts the changes back: said so, not "Undo: Undo: …".
      return shorten(meta.undoneSubject.startsWith('Undo: ') ? `Put back: ${meta.undoneSubject.slice('Undo: '.length)}` : `Undo: ${meta.undoneSubject}`, 100);
    case 'restore':
      return shorten(`Restore ${meta.path} to its version of ${readableTime(meta.fromAt)}`, 160);
    case 'hand':
      return `Hand edits: ${meta.paths.length} file${meta.paths.length === 1 ? '' : 's'}`;
    case 'snapshot':
      return `Snapshot of the vault (${meta.files} files)`;
    case 'forget':
      return meta.what === 'text'
        ? `Forget a text (taken out of ${meta.files} file${meta.files === 1 ? '' : 's'} and the history)`
        : `Forget ${meta.files} file${meta.files === 1 ? '' : 's'} (deleted from the vault and the history)`;
  }
}

function bodyOf(meta: RunMeta): string[] {
  switch (meta.kind) {
    case 'update':
      return [shorten(meta.text, 600), ...(meta.summary ? [`Summary: ${shorten(meta.summary, 2000)}`] : [])];
    case 'undo':
      return meta.conflicts ? [`${meta.conflicts} change(s) could not be reverted; an inbox item explains them.`] : [];
    case 'restore':
      return [];
    case 'hand': {
      // A file name may hold any character but NUL and '/': a newline in one must not start a line here.
      const listed = meta.paths.slice(0, 30).map((p) => `- ${visible(p)}`);
      return [[...listed, ...(meta.paths.length > 30 ? [`- … and ${meta.paths.length - 30} more`] : [])].join('\n')];
    }
    case 'snapshot':
      return ['The vault as it was when its history began.'];
    case 'forget':
      return ['Every earlier commit was rewritten without it; this commit records the vault after it.'];
  }
}

function trailersOf(meta: RunMeta): string[] {
  const lines = [`Knower-Kind: ${meta.kind}`];
  if (meta.kind === 'update') lines.push(`Knower-Update: ${meta.updateId}`);
  if (meta.kind === 'undo') lines.push(`Knower-Undoes: ${meta.undoes}`);
  if (meta.kind === 'restore') lines.push(`Knower-From: ${meta.from}`);
  return lines;
}

/**
 * Subject, body, then the trailers the commit log is rebuilt from (`Knower-Kind: update`, …).
 * git reads trailers from the last paragraph only, and every piece of text before them is one
 * line of visible characters or Knower's own: no text of the person's can add a paragraph,
 * end the message early (NUL) or pass for a trailer, so which update a commit belongs to is
 * only ever what Knower wrote.
 */
export function messageFor(meta: RunMeta): string {
  const message = [subjectOf(meta), ...bodyOf(meta), trailersOf(meta).join('\n')].join('\n\n') + '\n';
  if (/(?!\n)\p{Cc}/u.test(message)) throw new Error(`a commit message would hold a control character (${meta.kind})`);
  return message;
}

/** The log entry of a commit just made (what `CommitLog.load` would read back from git). */
export function infoFor(meta: RunMeta, commit: string, parent: string | null): Omit<CommitInfo, 'seq'> {
  return {
    commit,
    parent,
    kind: meta.kind,
    at: new Date(meta.at).toISOString(),
    author: AUTHORS[meta.kind].name,
    subject: subjectOf(meta),
    ...(meta.kind === 'update' ? { updateId: meta.updateId } : {}),
    ...(meta.kind === 'undo' ? { undoes: meta.undoes } : {}),
    ...(meta.kind === 'restore' ? { restoredFrom: meta.from } : {}),
  };
}
