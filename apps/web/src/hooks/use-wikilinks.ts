import { useMemo } from 'react';
import { resolveLinks, type Links } from '../lib/api';
import { vaultPathTargets, wikilinkTargets } from '../lib/remark-obsidian';
import { fetchedFor, useFetched } from './use-fetched';

/**
 * Where the [[wikilinks]] of `source` lead. Notes come with their links resolved by the server
 * (`given`); other markdown (answers, inbox reviews) asks GET /vault/resolve. Until the answer
 * arrives a target maps to undefined.
 */
export function useWikilinks(source: string, from: string, given: Links | undefined, withPaths = false): Links {
  const targets = useMemo(() => (given ? [] : [...new Set([...wikilinkTargets(source), ...(withPaths ? vaultPathTargets(source) : [])])].slice(0, 100)), [source, given, withPaths]);
  const key = targets.length > 0 ? `${from}\n${targets.join('\n')}` : null;
  const fetched = fetchedFor(
    useFetched(key, (signal) => resolveLinks(from, targets, signal)),
    key,
  );
  return given ?? (fetched.status === 'ready' ? fetched.value.links : {});
}
