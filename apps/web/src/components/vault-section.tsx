import { ChevronsDownUp, Search, X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { RecentChanges } from '../hooks/use-recent-changes';
import type { ApiProblem, TreeEntry } from '../lib/api';
import { FileTree } from './file-tree';
import { IconButton } from './ui/icon-button';

type VaultSectionProps = {
  entries: readonly TreeEntry[] | null;
  problem: ApiProblem | null;
  expanded: ReadonlySet<string>;
  recent: RecentChanges;
  activePath: string | null;
  onToggle: (path: string) => void;
  onCollapse: (path: string) => void;
  onCollapseAll: () => void;
  onOpen: (path: string) => void;
  onRetry: () => void;
};

/** The sidebar's vault part: header, quick filter and the tree itself. */
export function VaultSection({ entries, problem, onCollapseAll, onRetry, ...tree }: VaultSectionProps) {
  const [filter, setFilter] = useState('');
  // Typing stays instant; filtering 10k paths renders behind it.
  const deferredFilter = useDeferredValue(filter);

  return (
    <section aria-label="Vault" className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-8 items-center gap-1 pr-2 pl-4">
        <h2 className="text-[11px] font-semibold tracking-wider text-faint uppercase">Vault</h2>
        {entries && <span className="ml-1.5 text-[11px] text-faint tabular-nums">{entries.length.toLocaleString()}</span>}
        <span className="ml-auto" />
        <IconButton label="Collapse all folders" onClick={onCollapseAll} className="size-6">
          <ChevronsDownUp size={14} />
        </IconButton>
      </div>
      <div className="px-2 pb-1.5">
        <label className="flex h-7 items-center gap-2 rounded-md border border-transparent bg-hover/70 px-2 text-faint focus-within:border-line focus-within:bg-raised">
          <Search aria-hidden size={13} className="shrink-0" />
          <input
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setFilter('')}
            id="vault-filter"
            placeholder="Filter files"
            aria-label="Filter files by path"
            className="min-w-0 flex-1 bg-transparent text-[13px] text-fg placeholder:text-faint focus:outline-none"
          />
          {filter && (
            <button type="button" aria-label="Clear filter" onClick={() => setFilter('')} className="rounded text-faint hover:text-fg">
              <X size={13} />
            </button>
          )}
        </label>
      </div>

      {entries ? (
        entries.length === 0 ? (
          <p className="px-4 py-3 text-[13px] text-faint">The vault is empty. Send Knower something to get started.</p>
        ) : (
          <FileTree entries={entries} filter={deferredFilter} {...tree} />
        )
      ) : problem ? (
        <div className="px-4 py-3 text-[13px] text-muted">
          <p>Couldn't load the vault. {problem.message}</p>
          <button type="button" onClick={onRetry} className="mt-1.5 font-medium text-accent hover:underline">
            Try again
          </button>
        </div>
      ) : (
        <TreeSkeleton />
      )}
    </section>
  );
}

const TreeSkeleton = () => (
  <div aria-label="Loading the vault" role="status" className="space-y-2 px-4 py-2">
    {[70, 55, 82, 48, 64, 40].map((width, i) => (
      <div key={i} className="h-3.5 animate-pulse rounded bg-hover" style={{ width: `${width}%` }} />
    ))}
  </div>
);
