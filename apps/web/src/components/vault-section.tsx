import { ChevronsDownUp, Search, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useFileFinder } from '../hooks/use-file-finder';
import type { RecentChanges } from '../hooks/use-recent-changes';
import type { ApiProblem } from '../lib/api';
import { formatTokens } from '../lib/format';
import { foundRows, rootOf, visibleRows, type TreeModel } from '../lib/vault-tree';
import { FileTree } from './file-tree';
import { IconButton } from './ui/icon-button';

type VaultSectionProps = {
  model: TreeModel;
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
export function VaultSection({ model, problem, expanded, onCollapseAll, onRetry, ...tree }: VaultSectionProps) {
  const [filter, setFilter] = useState('');
  const finder = useFileFinder(filter);
  const root = rootOf(model);
  const filtering = filter.trim() !== '';
  const rows = useMemo(() => (filtering ? foundRows(finder.found?.results ?? []) : visibleRows(model, expanded)), [filtering, finder.found, model, expanded]);

  return (
    <section aria-label="Vault" className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-8 items-center gap-1 pr-2 pl-4">
        <h2 className="text-[11px] font-semibold tracking-wider text-muted uppercase">Vault</h2>
        {root && (
          <span className="ml-1.5 truncate text-[11px] text-muted tabular-nums">
            {root.fileCount.toLocaleString()} files · {formatTokens(root.tokens)} tokens
          </span>
        )}
        <span className="ml-auto" />
        <IconButton label="Collapse all folders" onClick={onCollapseAll} className="size-6">
          <ChevronsDownUp size={14} />
        </IconButton>
      </div>
      <div className="px-2 pb-1.5">
        <label className="flex h-8 items-center gap-2 rounded-md border border-line bg-raised px-2 text-muted focus-within:border-line-strong max-md:h-12">
          <Search aria-hidden size={13} className="shrink-0" />
          <input
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setFilter('')}
            id="vault-filter"
            placeholder="Filter files by name"
            aria-label="Filter files by name or path"
            className="min-w-0 flex-1 self-stretch bg-transparent text-[13px] text-fg placeholder:text-muted focus:outline-none"
          />
          {filter && (
            <button type="button" aria-label="Clear filter" onClick={() => setFilter('')} className="flex items-center justify-center rounded text-muted hover:text-fg max-md:size-11 max-md:-mr-2">
              <X size={13} />
            </button>
          )}
        </label>
        {filtering && finder.found && (
          <p role="status" className="px-1 pt-1 text-[11.5px] text-muted">
            {finder.found.total === 0
              ? 'No file matches'
              : finder.found.total > rows.length
                ? `${rows.length} of ${finder.found.total.toLocaleString()} matches`
                : `${finder.found.total} match${finder.found.total === 1 ? '' : 'es'}`}
          </p>
        )}
      </div>

      {root ? (
        root.fileCount === 0 ? (
          <p className="px-4 py-3 text-[13px] text-muted">The vault is empty. Send Knower something to get started.</p>
        ) : (
          <FileTree rows={rows} flat={filtering} expanded={expanded} {...tree} />
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
