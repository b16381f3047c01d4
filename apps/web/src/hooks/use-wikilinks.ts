import { useEffect, useMemo, useState } from 'react';
import { resolveLinks, type Links } from '../lib/api';
import { vaultPathTargets, wikilinkTargets } from '../lib/remark-obsidian';

/**
 * Where the [[wikilinks]] of `source` lead. Notes come with their links resolved by the server
 * (`given`); other markdown (answers, inbox reviews) asks GET /vault/resolve. Until the answer
 * arrives a target maps to undefined.
 */
export function useWikilinks(source: string, from: string, given: Links | undefined, withPaths = false): Links {
  const targets = useMemo(() => (given ? [] : [...new Set([...wikilinkTargets(source), ...(withPaths ? vaultPathTargets(source) : [])])].slice(0, 100)), [source, given, withPaths]);
  const key = targets.join('\n');
  const [fetched, setFetched] = useState<{ key: string; links: Links }>({ key: '', links: {} });

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    resolveLinks(from, key.split('\n'), controller.signal)
      .then((result) => result.ok && setFetched({ key, links: result.value.links }))
      .catch(() => undefined); // aborted: the markdown changed
    return () => controller.abort();
  }, [from, key]);

  return given ?? (fetched.key === key ? fetched.links : {});
}
