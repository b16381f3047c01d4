import type { FileFacts } from '../search/index.js';
import { overBudget, stampsNote, timestamp, type FrontmatterMode, type IndexEntry } from '../vault/index.js';

/** A date as written in frontmatter → ISO-8601 (UTC, seconds); undefined when it is no date. */
function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : timestamp(new Date(ms));
}

/** When the file came to be: its birth time where the filesystem keeps one, else its last change. */
export const bornAt = (facts: FileFacts): Date => new Date(facts.birthtimeMs || facts.mtimeMs);

/**
 * The index entry for a file. For a note whose metadata Knower stamps, the frontmatter says when
 * it was created and updated; for the person's other notes the file's own times do (a `created`
 * they wrote themselves still wins: it is what they mean).
 */
/** Which notes the job stamps: the vault's mode, Knower's record of its own notes, and never a root file the person's own file holds. */
export interface StampPolicy {
  mode: FrontmatterMode;
  isPersons?: (rel: string) => boolean;
  /** Knower created or stamped this note (its record says so). */
  isKnowers?: (rel: string) => boolean;
}

/**
 * Whether the job keeps this note's metadata in its frontmatter. Never for a note over the
 * per-note budget (stamping rewrites the whole file, which would mean holding all of it in the
 * service), nor for one set aside for crashing the index worker (reading it is what crashed it):
 * their metadata is kept in Knower's state, as for the person's own notes.
 */
export const stamped = (facts: FileFacts, policy: StampPolicy): boolean =>
  facts.kind === 'note' && !overBudget(facts.size) && !facts.setAside && !policy.isPersons?.(facts.path) && stampsNote(policy.mode, facts.path, policy.isKnowers?.(facts.path) ?? false, facts.origin);

export function entryOf(facts: FileFacts, mode: StampPolicy): IndexEntry {
  if (facts.kind !== 'note') return { path: facts.path, kind: 'file', size: facts.size };
  const fm = facts.frontmatter;
  const modified = timestamp(new Date(facts.mtimeMs));
  return {
    path: facts.path,
    kind: 'note',
    size: facts.size,
    tokens: facts.tokens ?? 0,
    created: isoDate(fm?.created) ?? timestamp(bornAt(facts)),
    updated: (stamped(facts, mode) ? isoDate(fm?.updated) : undefined) ?? modified,
    ...(facts.malformed && { malformed: facts.malformed }),
  };
}

/** Whether a stamped note's frontmatter needs the job: a field missing, or tokens out of date. */
export function needsStamp(facts: FileFacts, mode: StampPolicy): boolean {
  if (!stamped(facts, mode)) return false;
  const fm = facts.frontmatter;
  return !fm?.created || !fm.updated || fm.tokens !== String(facts.tokens);
}
