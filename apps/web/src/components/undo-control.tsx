import { AlertTriangle, ArrowRight, Check, Redo2, Undo2 } from 'lucide-react';
import type { UndoState } from '../lib/activity';
import type { UndoReport, UpdateHistory } from '../lib/api';
import { formatRoute } from '../lib/route';
import { Button } from './ui/button';

type UndoControlProps = {
  updateId: string;
  undo: UndoState | undefined;
  history: UpdateHistory | undefined;
  onUndo: (id: string) => void;
  onRedo: (id: string, undoCommit: string) => void;
};

/**
 * Undo for one update, and what came of it: every change reverted; or only part of them, with
 * the files changed since and the inbox item that explains them. An undo can be put back.
 */
export function UndoControl({ updateId, undo, history, onUndo, onRedo }: UndoControlProps) {
  const report = undo && 'report' in undo ? undo.report : undefined;
  const undone = undo?.state === 'done' || (undo?.state !== 'redone' && history?.undone === true);
  const undoCommit = undo?.state === 'done' ? undo.report.commit : history?.undone_by.at(-1);
  const busy = undo?.state === 'working' || undo?.state === 'redoing';

  return (
    <div className="mt-3">
      {undo?.state === 'done' && <UndoOutcome report={undo.report} />}
      {undone && !report && <p className="text-[13px] text-muted">Undone: its changes were reverted wherever nothing had changed them since.</p>}
      {undo?.state === 'redone' && (
        <p role="status" className="flex items-center gap-1.5 text-[13px] text-fg">
          <Check aria-hidden size={14} className="text-success" /> Put back: the update's changes are in the vault again.
        </p>
      )}
      {undo?.state === 'failed' && (
        <p role="alert" className="text-[13px] text-danger">
          {undo.message}
        </p>
      )}
      <div className="mt-1.5 flex flex-wrap gap-2">
        {undone && undoCommit ? (
          <Button size="sm" disabled={busy} onClick={() => onRedo(updateId, undoCommit)}>
            <Redo2 aria-hidden size={13} /> {undo?.state === 'redoing' ? 'Putting back…' : 'Put it back'}
          </Button>
        ) : (
          !undone && (
            <Button size="sm" disabled={busy} onClick={() => onUndo(updateId)}>
              <Undo2 aria-hidden size={13} /> {undo?.state === 'working' ? 'Undoing…' : 'Undo'}
            </Button>
          )
        )}
      </div>
    </div>
  );
}

function UndoOutcome({ report }: { report: UndoReport }) {
  if (report.status !== 'partial') {
    return (
      <div role="status" className="text-[13px] text-fg">
        <p className="flex items-center gap-1.5 font-medium">
          <Check aria-hidden size={14} className="text-success" />
          {report.status === 'undone' ? 'Undone' : report.status === 'already_undone' ? 'Already undone' : 'Nothing to undo'}
        </p>
        <p className="mt-0.5 text-muted">{report.status === 'undone' ? describeReverted(report) : report.message}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-lg border border-answer/40 bg-answer/8 px-3 py-2 text-[13px] text-fg">
      <p className="flex items-start gap-2 font-medium">
        <AlertTriangle aria-hidden size={15} className="mt-0.5 shrink-0 text-answer" />
        Partly undone: {report.conflicts.length} file{report.conflicts.length === 1 ? ' was' : 's were'} changed since, and left as {report.conflicts.length === 1 ? 'it is' : 'they are'}.
      </p>
      <ul aria-label="Not reverted" className="mt-1.5 space-y-1 pl-6">
        {report.conflicts.map((conflict) => (
          <li key={conflict.path}>
            <span className="font-mono text-[12.5px]">{conflict.path}</span>
            <span className="block text-xs text-muted">{conflict.reason}</span>
          </li>
        ))}
      </ul>
      {report.reverted.length > 0 && <p className="mt-1.5 pl-6 text-xs text-muted">{describeReverted(report)}</p>}
      {report.inbox_id && (
        <a
          href={formatRoute({ view: 'inbox', id: report.inbox_id })}
          className="mt-2 ml-6 inline-flex items-center gap-1.5 font-medium text-fg underline decoration-answer underline-offset-2 hover:decoration-2"
        >
          Open the inbox item that explains it <ArrowRight aria-hidden size={14} />
        </a>
      )}
    </div>
  );
}

function describeReverted(report: UndoReport): string {
  const n = report.reverted.length;
  if (n === 0) return 'Nothing else was changed.';
  const paths = report.reverted.map((c) => c.path);
  return `Reverted ${n} file${n === 1 ? '' : 's'}: ${paths.slice(0, 4).join(', ')}${n > 4 ? ` and ${n - 4} more` : ''}.`;
}
