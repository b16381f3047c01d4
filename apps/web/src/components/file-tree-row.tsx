import { ChevronRight, FileIcon, FileText, ImageIcon } from 'lucide-react';
import { memo } from 'react';
import { cn } from '../lib/cn';
import { formatBytes, formatRelative, formatTokens } from '../lib/format';
import { dirname, isImagePath } from '../lib/vault-path';
import type { TreeRow } from '../lib/vault-tree';
import { Spinner } from './ui/spinner';

/** Rows are 28 px where a pointer aims, 44 px to the finger on a phone; a found file (its name on up to two lines, its folder under it) more. */
export const rowHeight = (narrow: boolean, flat: boolean) => (flat ? (narrow ? 60 : 52) : narrow ? 44 : 28);
const INDENT = 14;

export const rowId = (path: string) => `tree-${encodeURIComponent(path)}`;

type FileTreeRowProps = {
  row: TreeRow;
  index: number;
  /** Offset from the top of the list, in px (a number, not a style object, so memo holds). */
  top: number;
  height: number;
  expanded: boolean;
  selected: boolean;
  focused: boolean;
  /** Set when this path changed a moment ago: restarts the highlight. */
  changedAt?: number;
  /** A collapsed folder with a recent change somewhere inside. */
  changedInside: boolean;
  showFolder: boolean;
  onActivate: (index: number) => void;
};

export const FileTreeRow = memo(function FileTreeRow(props: FileTreeRowProps) {
  const { row, index, top, height, expanded, selected, focused, changedAt, changedInside, showFolder, onActivate } = props;
  const { node, depth, loading } = row;
  const isFolder = node.kind === 'folder';
  const tokens = isFolder ? node.tokens : node.entry.tokens;
  const Icon = isFolder ? ChevronRight : node.entry.kind === 'note' ? FileText : isImagePath(node.path) ? ImageIcon : FileIcon;

  return (
    <div
      id={rowId(node.path)}
      role="treeitem"
      aria-level={depth + 1}
      aria-selected={selected}
      aria-expanded={isFolder ? expanded : undefined}
      aria-busy={loading || undefined}
      // A native title, not a Radix tooltip: a tooltip per row costs ~40 ms per expand at 10k files.
      title={`${node.path}\n${describe(row)}`}
      style={{ top, height }}
      onClick={() => onActivate(index)}
      className={cn(
        'group absolute inset-x-2 flex cursor-pointer items-center gap-1.5 rounded-md pr-2 text-[13px] select-none',
        selected ? 'bg-selected text-fg' : 'text-fg/85 hover:bg-hover',
        focused && 'group-focus-visible/tree:ring-2 group-focus-visible/tree:ring-accent group-focus-visible/tree:ring-inset',
      )}
    >
      {changedAt !== undefined && <span key={changedAt} aria-hidden className="pointer-events-none absolute inset-0 rounded-md animate-flash" />}
      {Array.from({ length: depth }, (_, d) => (
        <span key={d} aria-hidden className="absolute inset-y-0 w-px bg-line" style={{ left: 14 + d * INDENT }} />
      ))}
      <span style={{ width: 6 + depth * INDENT }} className="shrink-0" />
      {loading ? (
        <Spinner className="size-3 shrink-0 text-faint" />
      ) : (
        <Icon
          aria-hidden
          size={isFolder ? 14 : 15}
          strokeWidth={isFolder ? 2.25 : 1.75}
          className={cn('shrink-0 text-faint transition-transform', isFolder && expanded && 'rotate-90', selected && 'text-muted')}
        />
      )}
      {showFolder ? (
        // A found file: its whole name on one line, its folder under it (side by side, both were cut short).
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="line-clamp-2 break-words">{node.name}</span>
          {dirname(node.path) && <span className="truncate text-xs text-faint">{dirname(node.path)}</span>}
        </span>
      ) : (
        <span className={cn('min-w-0 truncate', isFolder && 'font-medium')}>{node.name}</span>
      )}
      {changedInside && !expanded && <span aria-label="changed just now" className="size-1.5 shrink-0 rounded-full bg-accent" />}
      <span className="ml-auto" />
      {(tokens ?? 0) > 0 && (
        <span className="shrink-0 font-mono text-[11px] text-faint tabular-nums" aria-label={`${(tokens ?? 0).toLocaleString()} tokens`}>
          {formatTokens(tokens ?? 0)}
        </span>
      )}
    </div>
  );
});

function describe({ node }: TreeRow): string {
  if (node.kind === 'folder') {
    return `${node.tokens.toLocaleString()} tokens in ${node.fileCount.toLocaleString()} file${node.fileCount === 1 ? '' : 's'}`;
  }
  const { tokens, size, updated } = node.entry;
  const parts = [tokens ? `${tokens.toLocaleString()} tokens` : formatBytes(size)];
  if (updated) parts.push(`updated ${formatRelative(updated)}`);
  return parts.join(' · ');
}
