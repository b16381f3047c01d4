import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FileChanged } from '../lib/api';
import { ancestorsOf } from '../lib/vault-tree';
import { useRecentChanges } from './use-recent-changes';
import { useTreeExpansion } from './use-tree-expansion';
import { useVaultTree } from './use-vault-tree';

// A file the agent adds is revealed (its folders opened) so the user watches it land; a bulk
// change (a git checkout, a big hand reorganisation) must not throw every folder open.
const REVEAL_WINDOW_MS = 3000;
const REVEAL_MAX_ADDS = 8;

/** The sidebar tree's state, kept live from the event stream, plus the open file's revision. */
export function useLiveVault(openPath: string | null) {
  const { recent, mark } = useRecentChanges();
  const expansion = useTreeExpansion();
  const tree = useVaultTree(expansion.expanded);
  const { applyEvent } = tree;
  const { expand } = expansion;
  const [revision, setRevision] = useState(0);
  const open = useRef(openPath);
  useLayoutEffect(() => {
    open.current = openPath;
  });
  const recentAdds = useRef<number[]>([]);

  const onFileChanged = useCallback(
    (event: FileChanged) => {
      applyEvent(event);
      if (event.type !== 'unlink') mark(event.path);
      if (event.path === open.current) setRevision((n) => n + 1);
      if (event.type === 'add') {
        const now = Date.now();
        recentAdds.current = [...recentAdds.current.filter((t) => now - t < REVEAL_WINDOW_MS), now];
        if (recentAdds.current.length <= REVEAL_MAX_ADDS) expand(ancestorsOf(event.path));
      }
    },
    [applyEvent, mark, expand],
  );

  // Opening a file (from a link, a source, the URL) reveals it in the tree.
  useEffect(() => {
    if (openPath) expand(ancestorsOf(openPath));
  }, [openPath, expand]);

  /** After a lost connection: the tree and the open file may both have changed meanwhile. */
  const { reconnected } = tree;
  const resync = useCallback(() => {
    setRevision((n) => n + 1);
    void reconnected();
  }, [reconnected]);

  return { ...tree, ...expansion, recent, revision, onFileChanged, resync };
}
