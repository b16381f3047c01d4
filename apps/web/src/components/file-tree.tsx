import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RecentChanges } from '../hooks/use-recent-changes';
import type { TreeRow } from '../lib/vault-tree';
import { useWide } from '../hooks/use-media-query';
import { FileTreeRow, rowHeight, rowId } from './file-tree-row';

type FileTreeProps = {
  rows: readonly TreeRow[];
  /** Rows are search results: each shows its folder. */
  flat: boolean;
  expanded: ReadonlySet<string>;
  recent: RecentChanges;
  activePath: string | null;
  onToggle: (path: string) => void;
  onCollapse: (path: string) => void;
  onOpen: (path: string) => void;
};

/**
 * The vault as a virtualized tree: only expanded folders are flattened into rows, and only the
 * rows in view are rendered. One tab stop; arrow keys move an active row (aria-activedescendant).
 */
export function FileTree({ rows, flat, expanded, recent, activePath, onToggle, onCollapse, onOpen }: FileTreeProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState(0);
  const height = rowHeight(!useWide(), flat);

  // The virtualizer's functions change identity as it measures: nothing here memoizes them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan: 12,
  });

  // Rows change height with the layout (a phone, the filter's results): measured again then.
  useEffect(() => virtualizer.measure(), [height, virtualizer]);

  // Follow the open file: move the cursor onto it and bring it into view.
  const activeIndex = useMemo(() => (activePath ? rows.findIndex((r) => r.node.path === activePath) : -1), [rows, activePath]);
  useEffect(() => {
    if (activeIndex < 0) return;
    setCursor(activeIndex);
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  const changedFolders = useMemo(() => {
    const folders = new Set<string>();
    for (const path of recent.keys()) for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) folders.add(path.slice(0, cut));
    return folders;
  }, [recent]);

  const activate = useCallback(
    (index: number) => {
      const node = rows[index]?.node;
      if (!node) return;
      setCursor(index);
      if (node.kind === 'folder') onToggle(node.path);
      else if (node.kind === 'file') onOpen(node.path);
    },
    [rows, onToggle, onOpen],
  );

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setCursor(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const row = rows[cursor];
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / height) - 1);
    const parentIndex = () => {
      for (let i = cursor - 1; i >= 0; i--) if (rows[i]!.depth < (row?.depth ?? 0)) return i;
      return cursor;
    };
    const actions: Record<string, () => void> = {
      ArrowDown: () => moveTo(cursor + 1),
      ArrowUp: () => moveTo(cursor - 1),
      PageDown: () => moveTo(cursor + page),
      PageUp: () => moveTo(cursor - page),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      Enter: () => activate(cursor),
      ' ': () => activate(cursor),
      ArrowRight: () => {
        if (row?.node.kind !== 'folder') return;
        if (expanded.has(row.node.path)) moveTo(cursor + 1);
        else onToggle(row.node.path);
      },
      ArrowLeft: () => {
        if (row?.node.kind === 'folder' && expanded.has(row.node.path)) onCollapse(row.node.path);
        else moveTo(parentIndex());
      },
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const current = rows[cursor];
  return (
    <div
      ref={scrollRef}
      role="tree"
      aria-label="Vault files"
      tabIndex={0}
      aria-activedescendant={current ? rowId(current.node.path) : undefined}
      onKeyDown={onKeyDown}
      className="group/tree min-h-0 flex-1 overflow-y-auto py-1 outline-none"
    >
      <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const path = row.node.path;
          return (
            <FileTreeRow
              key={path}
              row={row}
              index={item.index}
              top={item.start}
              height={height}
              expanded={expanded.has(path)}
              selected={path === activePath}
              focused={item.index === cursor}
              changedAt={recent.get(path)}
              changedInside={row.node.kind === 'folder' && changedFolders.has(path)}
              showFolder={flat}
              onActivate={activate}
            />
          );
        })}
      </div>
    </div>
  );
}
