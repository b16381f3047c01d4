import { asRecord, oneLine } from './text.js';

const records = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.map(asRecord) : []);
const short = (commit: unknown) => String(commit ?? '').slice(0, 7);
const when = (iso: unknown) =>
  String(iso ?? '')
    .replace('T', ' ')
    .replace(/:\d\d(\.\d+)?Z$/, ' UTC');

/** "  created  path" lines (a move names where the file was). */
export function changeLines(changes: unknown, indent = '  '): string[] {
  return records(changes).map((c) => `${indent}${String(c.kind).padEnd(8)} ${String(c.path)}${c.from ? `  (from ${String(c.from)})` : ''}`);
}

/**
 * One history entry: its id (the update's, or the commit's), what it was, when, and its files.
 * `updateOf` names the update a commit carried, so an undo reads "undo of update <id>", the id
 * its update's own entry shows.
 */
function entryLines(e: Record<string, unknown>, updateOf: (commit: unknown) => string | undefined): string[] {
  const update = asRecord(e.update);
  const undos = Array.isArray(e.undone_by) ? (e.undone_by as unknown[]) : [];
  const undoneBy = undos.length ? `  [undone by ${short(undos.at(-1))}]` : '';
  let head: string;
  let about = '';
  switch (e.kind) {
    case 'update':
      head = update.id ? `${String(update.id)}  update ${String(update.status ?? '')}  (commit ${short(e.commit)})` : `${short(e.commit)}  update ${String(update.status ?? '')}`;
      about = oneLine(update.summary || update.text || e.title, 200);
      break;
    case 'undo': {
      const undone = updateOf(e.undoes);
      head = `${short(e.commit)}  undo of ${undone ? `update ${undone} (commit ${short(e.undoes)})` : short(e.undoes)}`;
      break;
    }
    case 'restore':
      head = `${short(e.commit)}  restore from ${short(e.restored_from)}`;
      break;
    case 'hand':
      head = `${short(e.commit)}  hand edits`;
      break;
    default:
      head = `${short(e.commit)}  ${String(e.kind ?? 'commit')}`;
      about = oneLine(e.title, 200);
  }
  const lines = [`${head}  ${when(e.at)}${undoneBy}`];
  if (about) lines.push(`  ${about}`);
  const changes = changeLines(e.changes);
  return [...lines, ...(changes.length ? changes : ['  (no files)'])];
}

/** The history, newest first, then how to see older entries (with the same options). */
export function historyList(response: unknown, limit: number, all = false): string[] {
  const r = asRecord(response);
  const entries = records(r.entries);
  if (entries.length === 0) return ['No history yet.'];
  const updates = new Map(entries.filter((e) => e.kind === 'update' && asRecord(e.update).id).map((e) => [String(e.commit), String(asRecord(e.update).id)]));
  const updateOf = (commit: unknown) => updates.get(String(commit));
  const out = entries.flatMap((e, i) => [...(i ? [''] : []), ...entryLines(e, updateOf)]);
  if (typeof r.next_cursor === 'string') out.push('', `Older: ./knower history --limit ${String(limit)}${all ? ' --all' : ''} --cursor ${r.next_cursor}`);
  return out;
}

/** What an undo did: what was reverted and, for a partial one, what was left and where it is explained. */
export function undoReport(response: unknown): string[] {
  const r = asRecord(response);
  const what = r.update_id ? `update ${String(r.update_id)}` : `commit ${short(r.of)}`;
  if (r.status === 'nothing') return [`Nothing to undo for ${what}: ${oneLine(r.message, 300)}`];
  if (r.status === 'already_undone') return [`Already undone: ${what} was undone by commit ${short(r.commit)}; nothing was changed.`, `To put it back: ./knower undo ${short(r.commit)}`];
  const reverted = changeLines(r.reverted);
  const out = [r.status === 'partial' ? `Partly undone ${what}.` : `Undone ${what}.`];
  if (reverted.length) out.push(`Reverted (the undo's commit is ${short(r.commit)}; undo it to put them back):`, ...reverted);
  const conflicts = records(r.conflicts);
  if (conflicts.length) {
    out.push(`Not reverted: changed since, left as ${conflicts.length === 1 ? 'it is' : 'they are'}:`);
    for (const c of conflicts) out.push(`  ${String(c.path)}: ${oneLine(c.reason, 300)}`);
    if (r.inbox_id) out.push(`Explained in inbox item ${String(r.inbox_id)} (./knower inbox).`);
    out.push('To put a file back as it was anyway: ./knower restore PATH lists its versions, ./knower restore PATH --to COMMIT restores one.');
  }
  return out;
}
