import type { ForgetReport } from '../lib/api';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a forget would change (a dry run) or changed, as the service says it: names and counts, never the text. */
export function ForgetReportList({ report }: { report: ForgetReport }) {
  if (report.status === 'nothing') return <p className="text-muted">Nothing to forget: it is nowhere in the vault, its history or Knower's records.</p>;
  const { vault, history } = report;
  const dry = report.status === 'dry_run';
  const records = report.records.updates.length + report.records.questions.length;
  const files = report.records.files;
  // A line only when it has something to say.
  const line = (n: number, text: string, paths: string[] = []) => (n > 0 ? [{ text, paths }] : []);
  const lines = [
    ...line(vault.changed.length, `${dry ? 'Takes it out of' : 'Taken out of'} ${count(vault.changed.length, 'file')}`, vault.changed),
    ...line(vault.renamed.length, `${dry ? 'Renames' : 'Renamed'} ${count(vault.renamed.length, 'file')} whose name holds it`, vault.renamed),
    ...line(vault.deleted.length, `${dry ? 'Deletes' : 'Deleted'} ${count(vault.deleted.length, 'file')}`, vault.deleted),
    ...line(history.commits, `${dry ? 'Rewrites' : 'Rewrote'} ${count(history.commits, 'commit')} of the history (${count(history.versions, 'file version')}, ${count(history.messages, 'message')})`),
    ...line(records, `${dry ? 'Changes' : 'Changed'} ${count(records, 'record')} of updates and questions`),
    ...line(files.length, `${dry ? 'Changes' : 'Changed'} ${count(files.length, 'other file')} of Knower's state`, files),
  ];
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-sunken p-3">
      <p className="font-medium">{dry ? 'Nothing has changed yet. Forgetting it:' : 'Forgotten.'}</p>
      <ul className="flex flex-col gap-1.5">
        {lines.map(({ text, paths }) => (
          <li key={text}>
            {text}
            {paths.length > 0 && (
              <ul className="mt-0.5 ml-4 max-h-32 overflow-y-auto text-muted">
                {paths.map((p) => (
                  <li key={p} className="break-all">
                    {p}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {vault.busy.length > 0 && <p className="text-danger">Left as they are, because they kept changing: {vault.busy.join(', ')}. Forget again.</p>}
      {report.notes.map((note) => (
        <p key={note} className="text-muted">
          {note}
        </p>
      ))}
      {!dry && <p className="text-muted">A backup waits: check the vault, then confirm (it goes for good) or restore it from the banner.</p>}
    </div>
  );
}
