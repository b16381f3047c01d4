import { quoted } from '../shell-words.js';
import { asRecord, oneLine } from './text.js';

const records = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.map(asRecord) : []);
const when = (iso: unknown) =>
  String(iso ?? '')
    .replace('T', ' ')
    .replace(/:\d\d(\.\d+)?Z$/, ' UTC');

/** A note's versions, newest first: the commit to restore from, when, who made it (update id, hand edit, undo…), how. */
export function versionLines(response: unknown, path: string): string[] {
  const r = asRecord(response);
  const versions = records(r.versions);
  if (versions.length === 0) return [`No versions of ${path} in the history.`];
  const out = [`Versions of ${path}, newest first:`];
  for (const v of versions) {
    const change = asRecord(v.change);
    const by = v.update_id ? `update ${String(v.update_id)}` : v.kind === 'hand' ? 'hand edits' : String(v.kind);
    const moved = change.from ? ` (from ${String(change.from)})` : change.to ? ` (to ${String(change.to)})` : '';
    out.push(
      `  ${String(v.commit).slice(0, 12)}  ${when(v.at)}  ${String(change.kind ?? '').padEnd(7)} by ${by}${moved}${v.title && v.kind !== 'hand' && !v.update_id ? `: ${oneLine(v.title, 80)}` : ''}`,
    );
  }
  out.push('', `Restore one with: ./knower restore ${quoted(path)} --to COMMIT`);
  if (typeof r.next_cursor === 'string') out.push(`Older: ./knower restore ${quoted(path)} --cursor ${r.next_cursor}`);
  return out;
}

/** What a restore did, and how to take it back. */
export function restoreLines(response: unknown): string[] {
  const r = asRecord(response);
  const from = String(r.from ?? '').slice(0, 12);
  if (r.status === 'unchanged') return [`${String(r.path)} is already as it was in ${from}: nothing to restore.`];
  const commit = String(r.commit ?? '').slice(0, 12);
  return [`Restored ${String(r.path)} to its version of ${from}.`, `The restore is commit ${commit} in the history: ./knower undo ${commit} puts back what was there.`];
}
