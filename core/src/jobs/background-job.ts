import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { isIndexed, isNote, parseNote, readTextIfExists, resolveVaultPath, setFrontmatterFields, TREE_FILE, writeFileAtomic } from '../vault/index.js';
import type { VaultIndex } from '../vault/index.js';
import type { SelfWrites } from '../watch/index.js';
import { formatDateField, hashBody, planMetadata } from './plan-metadata.js';

const WORKERS = 4;

export interface BackgroundJobDeps {
  root: string;
  index: VaultIndex;
  selfWrites: SelfWrites;
  clock: () => Date;
  log: Logger;
  /** Called once per drained burst in which an indexed note changed (qmd update, embed mark). */
  onIndexedChange: () => void;
  /** Called once per drained burst in which the listing changed (tree.md). */
  onListingChange: () => void;
  /**
   * A note is processed once it has been quiet this long: the job stays out of the way of
   * someone typing or saving in bursts, which is when a rewrite could race their edit.
   */
  quietMs?: number;
}

export interface BackgroundJob {
  /** Queue a path once it has been quiet (at once with `immediate`); never queued twice. */
  enqueue(rel: string, opts?: { immediate?: boolean }): void;
  /** Resolves when nothing is queued or running. */
  whenIdle(): Promise<void>;
  stats(): { pending: number; processed: number; writes: number; conflicts: number };
  close(): void;
}

/**
 * The deterministic job: for each changed note, tokens and `updated`/`created` in the
 * frontmatter (compare-and-swap, so a hand edit is never lost), then the listing and the
 * search index, both coalesced to one run per burst.
 */
export function createBackgroundJob(deps: BackgroundJobDeps): BackgroundJob {
  const quietMs = deps.quietMs ?? 200;
  const pending = new Set<string>();
  const settling = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<string>();
  const bodyHashes = new Map<string, string>();
  // The whole text as last seen: a look that finds it unchanged must not cost a `qmd update`.
  const textHashes = new Map<string, string>();
  const reportedMalformed = new Map<string, string>();
  const idleWaiters: Array<() => void> = [];
  let running = false;
  let indexedChanged = false;
  let listingChanged = false;
  const counters = { processed: 0, writes: 0, conflicts: 0 };

  /** Returns whether the note's text changed since the job last saw it. */
  async function processNote(rel: string, abs: string): Promise<boolean> {
    const text = await readTextIfExists(abs);
    if (text === undefined) return removed(rel);
    const textHash = hashBody(text);
    const changed = textHashes.get(rel) !== textHash;
    textHashes.set(rel, textHash);
    const size = Buffer.byteLength(text);
    const parsed = parseNote(text);
    if (!parsed.ok) {
      // Malformed YAML: leave the file as the person wrote it, say so once, keep it listed.
      if (reportedMalformed.get(rel) !== parsed.error) {
        deps.log.warn({ path: rel, error: parsed.error }, 'frontmatter is malformed; note left untouched');
        reportedMalformed.set(rel, parsed.error);
      }
      deps.index.set({ path: rel, kind: 'note', size, tokens: Math.ceil(parsed.body.length / 4), malformed: parsed.error });
      return changed;
    }
    reportedMalformed.delete(rel);
    const plan = planMetadata(parsed.data, parsed.body, bodyHashes.get(rel), deps.clock());
    let finalSize = size;
    if (Object.keys(plan.fields).length > 0) {
      const next = setFrontmatterFields(text, plan.fields);
      const outcome = await writeFileAtomic(abs, next, { expect: text, beforeCommit: () => deps.selfWrites.mark(rel, next) });
      if (!outcome.ok) {
        // The file changed under us: look again with what is there now.
        counters.conflicts++;
        if (outcome.reason !== 'missing') schedule(rel); // looked at again once it is quiet
        return changed;
      }
      counters.writes++;
      finalSize = Buffer.byteLength(next);
      textHashes.set(rel, hashBody(next));
      // Look once more when it is quiet: a replaced file can swallow the watcher's next event.
      schedule(rel);
    }
    bodyHashes.set(rel, plan.bodyHash);
    deps.index.set({ path: rel, kind: 'note', size: finalSize, tokens: plan.tokens, updated: plan.updated ?? formatDateField(parsed.data.updated) });
    return changed;
  }

  async function processFile(rel: string, abs: string): Promise<void> {
    try {
      const info = await stat(abs);
      if (info.isDirectory()) return;
      deps.index.set({ path: rel, kind: 'file', size: info.size });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return void removed(rel);
      throw err;
    }
  }

  /**
   * A symlink is listed only when it stays inside the vault, and never written through: the
   * job would otherwise replace the link with a copy of whatever it points at.
   */
  async function processLink(rel: string): Promise<void> {
    const resolved = await resolveVaultPath(deps.root, rel);
    const info = resolved.ok ? await stat(resolved.abs).catch(() => undefined) : undefined;
    if (!info?.isFile()) return void removed(rel);
    deps.index.set({ path: rel, kind: isNote(rel) ? 'note' : 'file', size: info.size });
  }

  function removed(rel: string): boolean {
    textHashes.delete(rel);
    bodyHashes.delete(rel);
    reportedMalformed.delete(rel);
    deps.index.delete(rel);
    return true;
  }

  async function processOne(rel: string): Promise<void> {
    if (rel === TREE_FILE) return; // generated by us, never treated as a note
    const revision = deps.index.revision;
    const abs = path.join(deps.root, rel);
    const link = await lstat(abs).then((s) => s.isSymbolicLink(), () => false);
    let changed = true;
    if (link) await processLink(rel);
    else if (isNote(rel)) changed = await processNote(rel, abs);
    else await processFile(rel, abs);
    if (deps.index.revision !== revision) listingChanged = true;
    if (changed && isIndexed(rel)) indexedChanged = true;
  }

  /** Takes the next queued path that no other worker holds (one path is never processed twice at once). */
  function take(): string | undefined {
    for (const rel of pending) {
      if (inFlight.has(rel)) continue;
      pending.delete(rel);
      return rel;
    }
    return undefined;
  }

  async function worker(): Promise<void> {
    for (let rel = take(); rel !== undefined; rel = take()) {
      inFlight.add(rel);
      try {
        await processOne(rel);
      } catch (err) {
        deps.log.error({ path: rel, err }, 'background job failed on a file');
      } finally {
        inFlight.delete(rel);
      }
      counters.processed++;
    }
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      // A few files at a time: each write waits on fsync and the swap check, not on the CPU.
      while (pending.size > 0) await Promise.all(Array.from({ length: WORKERS }, worker));
      // The burst is over: one tree.md and one qmd update for all of it.
      if (listingChanged) deps.onListingChange();
      if (indexedChanged) deps.onIndexedChange();
      listingChanged = indexedChanged = false;
    } finally {
      running = false;
      if (pending.size > 0) void drain();
      else if (settling.size === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
    }
  }

  function queue(rel: string): void {
    pending.add(rel);
    if (!running) void drain();
  }

  function schedule(rel: string, immediate = false): void {
    clearTimeout(settling.get(rel));
    settling.delete(rel);
    if (immediate || quietMs === 0) return queue(rel);
    settling.set(
      rel,
      setTimeout(() => {
        settling.delete(rel);
        queue(rel);
      }, quietMs),
    );
  }

  return {
    enqueue: (rel, opts) => schedule(rel, opts?.immediate),
    whenIdle() {
      if (!running && pending.size === 0 && settling.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    stats: () => ({ pending: pending.size + settling.size, ...counters }),
    close() {
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
    },
  };
}
