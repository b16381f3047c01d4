import { asRecord, oneLine } from './text.js';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (paths: string[], indent = '    ') => paths.map((p) => `${indent}${p}`);

/** What a forget changes (a dry run) or changed: the vault's files, the history, the records; never the text. */
export function forgetReport(response: unknown, what: 'text' | 'files'): string[] {
  const r = asRecord(response);
  if (r.status === 'nothing')
    return [what === 'text' ? 'Nothing to forget: the text is nowhere in the vault, its history or the records.' : 'Nothing to forget: no such file in the vault or its history.'];
  const dry = r.status === 'dry_run';
  const vault = asRecord(r.vault);
  const history = asRecord(r.history);
  const records = asRecord(r.records);
  const [changed, renamed, deleted, busy] = [strings(vault.changed), strings(vault.renamed), strings(vault.deleted), strings(vault.busy)];
  const [updates, questions, files] = [strings(records.updates), strings(records.questions), strings(records.files)];
  const out = [dry ? `Dry run: nothing was changed. Forgetting this ${what === 'text' ? 'text' : `file${deleted.length === 1 ? '' : 's'}`} would:` : 'Forgotten:'];
  if (changed.length) out.push(`  take it out of ${count(changed.length, 'file')} of the vault:`, ...listed(changed));
  if (renamed.length) out.push(`  rename ${count(renamed.length, 'file')} whose path holds it (links to them follow):`, ...listed(renamed));
  if (deleted.length) out.push(`  delete ${count(deleted.length, 'file')} from the vault:`, ...listed(deleted));
  const commits = Number(history.commits ?? 0);
  if (commits) out.push(`  rewrite ${count(commits, 'commit')} of the history (${count(Number(history.versions ?? 0), 'file version')}, ${count(Number(history.messages ?? 0), 'commit message')})`);
  if (updates.length) out.push(`  take it out of ${count(updates.length, 'update record')}: ${updates.join(', ')}`);
  if (questions.length) out.push(`  take it out of ${count(questions.length, 'question')}: ${questions.join(', ')}`);
  if (files.length) out.push(`  ${what === 'text' ? 'take it out of' : 'delete'} ${count(files.length, 'file')} of Knower's state:`, ...listed(files));
  if (busy.length) out.push('Left as they are, because they kept changing while being rewritten (forget again):', ...listed(busy, '  '));
  for (const note of strings(r.notes)) out.push(`Note: ${oneLine(note, 400)}`);
  if (dry) out.push('Run it again with --yes to forget. A backup is kept until you confirm.');
  else {
    if (typeof r.commit === 'string') out.push(`The forget's commit: ${r.commit.slice(0, 7)}.`);
    out.push(...backupHint());
  }
  return out;
}

/** How to end the wait of a backup. */
const backupHint = () => [
  'A backup of what was forgotten waits. Check the vault, then:',
  '  ./knower forget --confirm   drops it for good (git forgets the old versions too)',
  '  ./knower forget --restore   puts everything back as it was',
];

/** GET /forget: whether a backup waits. */
export function forgetStatus(response: unknown): string[] {
  const backup = asRecord(asRecord(response).backup);
  if (!Object.keys(backup).length) return ['No forget waits for confirmation.'];
  const since = typeof backup.at === 'string' ? ` since ${backup.at.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC')}` : '';
  const forgets = Number(backup.forgets ?? 0);
  return [`A backup waits${since}${forgets > 1 ? ` (${String(forgets)} forgets)` : ''}.`, ...backupHint().slice(1)];
}
