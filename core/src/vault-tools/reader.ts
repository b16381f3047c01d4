import type { z } from 'zod';
import type { Tool } from '../tools/index.js';
import type { SearchEngine, SearchMode, SearchResult } from '../search/index.js';
import { filesystemOf, resolveVaultPath, TREE_FILE, type OwnChanges, type VaultIndex } from '../vault/index.js';

/**
 * What a read-only vault tool works with. An agent's run adds hooks (what it read, what search
 * showed it, its own writes not yet indexed); an MCP client gets the vault as it is.
 */
export interface VaultReader {
  root: string;
  index: VaultIndex;
  search: SearchEngine;
  /** Search mode when the call does not name one. */
  defaultMode?: SearchMode;
  /** A file was shown (in part when `partial`): the write-safety rule keys on it. */
  sawFile?(rel: string, bytes: Buffer, partial: boolean): void;
  /** Search results were shown. */
  sawSearch?(result: SearchResult): void;
  /** Files this run created or deleted that the index has not caught up with yet. */
  ownChanges?(): Promise<OwnChanges>;
}

/** One read-only tool, the same for the agents and for MCP clients: it works with a reader of the vault. */
export type ReadTool<Input extends z.ZodObject = z.ZodObject> = Tool<Input, VaultReader>;

/** Keeps each tool's input type while letting the lists hold them side by side. */
export function defineReadTool<Input extends z.ZodObject>(tool: ReadTool<Input>): ReadTool {
  return tool as unknown as ReadTool;
}

/** The sandbox for reading: every vault rule, and never tree.md (generated; the tree tool shows the same). */
export async function readPath(root: string, input: string, allowRoot = false): Promise<{ ok: true; rel: string; abs: string } | { ok: false; error: string }> {
  const resolved = await resolveVaultPath(root, input, { allowRoot });
  if (!resolved.ok) return { ok: false, error: `${resolved.message}. Use a path relative to the vault root, as tree or search list it (e.g. "projects/acme/state.md").` };
  const folded = filesystemOf(root).caseInsensitive ? resolved.rel.toLowerCase() : resolved.rel;
  if (folded === TREE_FILE) return { ok: false, error: 'tree.md is generated from the files on disk: use the tree tool instead.' };
  return { ok: true, rel: resolved.rel, abs: resolved.abs };
}
