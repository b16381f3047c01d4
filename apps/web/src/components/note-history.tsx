import { ChevronRight, History, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useNoteHistory } from '../hooks/use-note-history';
import type { NoteVersion } from '../lib/api';
import { cn } from '../lib/cn';
import { formatDateTime, formatRelative } from '../lib/format';
import { DiffHunks } from './diff-hunks';
import { EmptyState } from './empty-state';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

const who: Record<NoteVersion['kind'], string> = {
  update: 'Update',
  hand: 'Hand edit',
  undo: 'Undo',
  restore: 'Restore',
  snapshot: 'First snapshot',
  forget: 'Forget',
};

/** The history of one note: who changed it (an update, a hand edit, an undo, a restore), when, the diff, and Restore. */
export function NoteHistory({ path, revision }: { path: string; revision: number }) {
  const history = useNoteHistory(path, revision);
  const { state } = history;
  if (state.status === 'loading') {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-[13px] text-muted">
        <Spinner /> Loading the history…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <EmptyState icon={<History size={20} />} title="The history could not be loaded" body={state.problem.message}>
        <Button onClick={history.reload}>Try again</Button>
      </EmptyState>
    );
  }
  if (state.versions.length === 0) {
    return <EmptyState icon={<History size={20} />} title="No history yet" body="Knower records this note's versions as it changes: by an update, by hand, by an undo or a restore." />;
  }
  return (
    <div className="mx-auto max-w-[760px] px-4 pt-6 pb-16 md:px-10">
      <h2 className="mb-3 text-[13px] font-semibold">History of {path}</h2>
      <ol className="space-y-3">
        {state.versions.map((version, i) => (
          <VersionRow key={version.commit} path={path} version={version} current={i === 0} restored={history.restored === version.commit} onRestore={history.restore} />
        ))}
      </ol>
    </div>
  );
}

type VersionRowProps = {
  path: string;
  version: NoteVersion;
  /** The note as it is now: nothing to restore. */
  current: boolean;
  /** This version was just restored from here. */
  restored: boolean;
  onRestore: (commit: string) => Promise<{ ok: true } | { ok: false; message: string }>;
};

function VersionRow({ path, version, current, restored, onRestore }: VersionRowProps) {
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState<'idle' | 'working'>('idle');
  const [error, setError] = useState<string | null>(null);
  const panel = useId();
  const restorable = !current && version.change.kind !== 'deleted';
  const restore = async () => {
    setRestoring('working');
    setError(null);
    const outcome = await onRestore(version.commit);
    setRestoring('idle');
    if (!outcome.ok) setError(outcome.message);
  };
  const label = `${who[version.kind]}${version.update_id ? ` ${version.update_id}` : ''}`;
  return (
    <li aria-label={`${label}, ${formatDateTime(version.at)}`} className="rounded-lg border border-line bg-raised px-3 py-2.5 shadow-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px]">
        <span className="font-medium">{label}</span>
        <span className="rounded border border-line px-1 text-[10.5px] font-semibold tracking-wide text-muted uppercase">{version.change.kind}</span>
        <time dateTime={version.at} title={formatDateTime(version.at)} className="text-xs text-muted">
          {formatRelative(version.at)}
        </time>
        {current && <span className="text-xs text-muted">· current version</span>}
      </div>
      {version.kind !== 'hand' && version.title && <p className="mt-0.5 truncate text-xs text-muted">{version.title.replace(/^Update \S+: /, '')}</p>}
      {(version.change.from || version.change.to) && <p className="mt-0.5 text-xs text-muted">{version.change.from ? `Moved here from ${version.change.from}` : `Moved to ${version.change.to}`}</p>}
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen(!open)}
          className="inline-flex h-7 items-center gap-0.5 rounded px-1.5 text-xs font-medium text-muted hover:bg-hover hover:text-fg max-md:h-11"
        >
          <ChevronRight aria-hidden size={13} className={cn('transition-transform', open && 'rotate-90')} /> Changes
        </button>
        {restorable && (
          <Button size="sm" onClick={() => void restore()} disabled={restoring !== 'idle' || restored}>
            <RotateCcw aria-hidden size={13} /> {restoring === 'working' ? 'Restoring…' : 'Restore this version'}
          </Button>
        )}
        {restored && (
          <p role="status" className="text-xs text-success">
            Restored. The restore is in the history too, and can be undone.
          </p>
        )}
        {error && (
          <p role="alert" className="text-xs text-danger">
            {error}
          </p>
        )}
      </div>
      {open && (
        <div id={panel}>
          <DiffHunks
            hunks={version.hunks}
            label={`Changes to ${path} by ${label}`}
            binary={version.binary}
            tooLarge={version.too_large}
            unchanged={version.change.kind === 'moved' ? 'Moved; the text is the same.' : 'No change to the text.'}
          />
        </div>
      )}
    </li>
  );
}
