import type { Logger } from '../logger.js';
import type { SearchEngine, SearchMode } from '../search/index.js';
import type { KnowerNotes, RootNames, VaultIndex, VaultWriter } from '../vault/index.js';
import { versionKey } from '../vault/index.js';

/**
 * Everything one agent run knows about the vault: which files it has read (and in which
 * version), which it created or changed. The write-safety rule is enforced against this.
 */
export interface Session {
  agent: 'update' | 'search';
  root: string;
  /** Which root names the person's own files hold (absent: all are Knower's). */
  names?: RootNames;
  /** Knower's record of the notes it created: a note this run creates is Knower's, wherever it is. */
  knowerNotes?: Pick<KnowerNotes, 'add' | 'move'>;
  index: VaultIndex;
  search: SearchEngine;
  clock: () => Date;
  log: Logger;
  /** How this run changes the vault: journaled for an update, refusing for a search. */
  writer: VaultWriter;
  /** The update being run: its inbox item may only be inbox/<updateId>/review.md. */
  updateId?: string;
  /** The inbox item being resolved: the only inbox folder the agent may empty and delete. */
  inboxRef?: string;
  defaultSearchMode: SearchMode;
  /** rel → version key of the content the agent last read or wrote. */
  seen: Map<string, string>;
  /** Files the agent was shown only in part (too large): a full rewrite would lose the rest. */
  partial: Set<string>;
  /** Files the agent read in this run, in order (the search agent's sources). */
  read: Set<string>;
  /** Paths that appeared in search hits the agent was shown. */
  surfaced: Set<string>;
  /** Vault-relative paths this run created, changed or deleted. */
  changed: Set<string>;
  /** Files this run created (deleting a folder made only of these is always safe). */
  created: Set<string>;
  /**
   * What a folder delete or move of this run left where it was: entries that appeared in the
   * folder or changed while it ran (a person's saves). The update's outcome lists them.
   */
  kept: Set<string>;
  /** Why a search the agent ran degraded (deep → fast), for the answer. */
  degraded?: string;
  /** One tool call's time limit (default TOOL_TIME_LIMIT_MS; tests shorten it). */
  toolTimeLimitMs?: number;
}

export type SessionDeps = Pick<Session, 'root' | 'names' | 'knowerNotes' | 'index' | 'search' | 'clock' | 'log' | 'toolTimeLimitMs'>;

/** What one run is given: the shared services and its own writer. */
export type RunDeps = SessionDeps & Pick<Session, 'writer'>;

export function newSession(deps: RunDeps, agent: Session['agent'], extra: { updateId?: string; inboxRef?: string; defaultSearchMode?: SearchMode } = {}): Session {
  return {
    ...deps,
    agent,
    ...(extra.updateId ? { updateId: extra.updateId } : {}),
    ...(extra.inboxRef ? { inboxRef: extra.inboxRef } : {}),
    defaultSearchMode: extra.defaultSearchMode ?? 'fast',
    seen: new Map(),
    partial: new Set(),
    read: new Set(),
    surfaced: new Set(),
    changed: new Set(),
    created: new Set(),
    kept: new Set(),
  };
}

/** Records the version the agent now knows (after a read, or after its own write). */
export function markSeen(session: Session, rel: string, content: string | Uint8Array): void {
  session.seen.set(rel, versionKey(content));
}

/**
 * Forgets a path (deleted or moved away): a later file there must be read before it is changed,
 * and what a folder delete or move had left there is no longer left.
 */
export function forget(session: Session, rel: string): void {
  for (const known of [session.seen, session.kept]) {
    known.delete(rel);
    for (const key of [...known.keys()]) if (key.startsWith(`${rel}/`)) known.delete(key);
  }
}

export function markChanged(session: Session, ...rels: string[]): void {
  for (const rel of rels) session.changed.add(rel);
}
