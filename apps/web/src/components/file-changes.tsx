import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useUpdateDiff, type DiffState } from '../hooks/use-update-diff';
import type { FileChange } from '../lib/api';
import { cn } from '../lib/cn';
import { formatRoute } from '../lib/route';
import { DiffHunks } from './diff-hunks';
import { Spinner } from './ui/spinner';

/** A file an update touched; `kind` is null on records from before the history existed. */
export type ChangedFile = { path: string; kind: FileChange['kind'] | null; from?: string | null | undefined };

const kindStyles: Record<FileChange['kind'], string> = {
  created: 'text-success border-success/40',
  edited: 'text-accent border-accent/40',
  moved: 'text-answer border-answer/40',
  deleted: 'text-danger border-danger/40',
};

/**
 * The files an update changed, each marked created / edited / moved / deleted. A deleted file is
 * not a link (there is nothing left to open); each file's word-level diff opens in place.
 */
export function FileChanges({ updateId, files }: { updateId: string; files: readonly ChangedFile[] }) {
  const diff = useUpdateDiff(updateId);
  return (
    <ul aria-label="Files changed" className="mt-2 space-y-1">
      {files.map((file) => (
        <FileRow key={`${file.from ?? ''}>${file.path}`} file={file} diff={diff.state} onOpen={diff.load} withDiff={file.kind !== null} />
      ))}
    </ul>
  );
}

function FileRow({ file, diff, onOpen, withDiff }: { file: ChangedFile; diff: DiffState; onOpen: () => void; withDiff: boolean }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const name = <span className="truncate font-mono text-[12.5px]">{file.path}</span>;
  return (
    <li className="min-w-0">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
        {file.kind && <span className={cn('rounded border px-1 text-[10.5px] font-semibold tracking-wide uppercase', kindStyles[file.kind])}>{file.kind}</span>}
        {file.kind === 'deleted' ? (
          <span className="min-w-0 text-[13px] text-muted">{name}</span>
        ) : (
          <a
            href={formatRoute({ view: 'file', path: file.path })}
            className="min-w-0 truncate rounded text-[13px] text-fg/90 hover:text-accent hover:underline max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center"
          >
            {name}
          </a>
        )}
        {file.from && (
          <span className="min-w-0 truncate text-xs text-muted">
            from <span className="font-mono">{file.from}</span>
          </span>
        )}
        {withDiff && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panel}
            aria-label={`Changes in ${file.path}`}
            onClick={() => {
              if (!open) onOpen();
              setOpen(!open);
            }}
            className="inline-flex h-6 items-center gap-0.5 rounded px-1.5 text-xs font-medium text-muted hover:bg-hover hover:text-fg max-md:h-11 max-md:px-2.5"
          >
            <ChevronRight aria-hidden size={13} className={cn('transition-transform', open && 'rotate-90')} /> Changes
          </button>
        )}
      </div>
      {open && (
        <div id={panel}>
          <FileDiffPanel file={file} diff={diff} onRetry={onOpen} />
        </div>
      )}
    </li>
  );
}

function FileDiffPanel({ file, diff, onRetry }: { file: ChangedFile; diff: DiffState; onRetry: () => void }) {
  if (diff.status === 'idle' || diff.status === 'loading') {
    return (
      <p role="status" className="mt-1.5 flex items-center gap-2 text-xs text-muted">
        <Spinner /> Loading the changes…
      </p>
    );
  }
  if (diff.status === 'error') {
    return (
      <p role="alert" className="mt-1.5 text-xs text-danger">
        {diff.problem.message}{' '}
        <button type="button" onClick={onRetry} className="font-medium underline">
          Try again
        </button>
      </p>
    );
  }
  const found = diff.diff.files.find((f) => f.path === file.path);
  if (!found) return <p className="mt-1.5 text-xs text-muted">The history has no record of this file's change.</p>;
  return (
    <DiffHunks
      hunks={found.hunks}
      label={`Changes in ${file.path}`}
      binary={found.binary}
      tooLarge={found.too_large}
      unchanged={found.kind === 'moved' ? 'Moved; the text is the same.' : 'No change to the text.'}
    />
  );
}
