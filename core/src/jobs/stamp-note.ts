import path from 'node:path';
import type { Logger } from '../logger.js';
import { parseNote, readTextIfExists, setFrontmatterFields, writeFileAtomic } from '../vault/index.js';
import type { SelfWrites } from '../watch/index.js';
import { planMetadata } from './plan-metadata.js';

export type StampOutcome =
  | { kind: 'unchanged' | 'stamped' | 'gone' }
  /** The file changed between the read and the write: look again once it is quiet. */
  | { kind: 'raced' }
  | { kind: 'malformed'; error: string };

export interface Stamper {
  /** `previousBody`: the body's hash when the job last saw the note; a different body moves `updated`. */
  stamp(rel: string, born: Date, previousBody: string | undefined): Promise<StampOutcome>;
}

/**
 * Sets tokens/updated/created in a note's frontmatter, editing only those lines, as a
 * compare-and-swap: a hand edit landing between the read and the write is never lost.
 */
export function createStamper(deps: { root: string; selfWrites: SelfWrites; clock: () => Date; log: Logger }): Stamper {
  const reportedMalformed = new Map<string, string>();

  return {
    async stamp(rel, born, previousBody) {
      const abs = path.join(deps.root, rel);
      const text = await readTextIfExists(abs);
      if (text === undefined) return { kind: 'gone' };
      const parsed = parseNote(text);
      if (!parsed.ok) {
        // Malformed YAML: leave the file as the person wrote it, say so once, keep it listed.
        if (reportedMalformed.get(rel) !== parsed.error) {
          deps.log.warn({ path: rel, error: parsed.error }, 'frontmatter is malformed; note left untouched');
          reportedMalformed.set(rel, parsed.error);
        }
        return { kind: 'malformed', error: parsed.error };
      }
      reportedMalformed.delete(rel);
      const plan = planMetadata(parsed.data, parsed.body, previousBody, deps.clock(), born);
      if (Object.keys(plan.fields).length === 0) return { kind: 'unchanged' };
      const next = setFrontmatterFields(text, plan.fields);
      const outcome = await writeFileAtomic(abs, next, { expect: text, beforeCommit: () => deps.selfWrites.mark(rel, next) });
      if (outcome.ok) return { kind: 'stamped' };
      return outcome.reason === 'missing' ? { kind: 'gone' } : { kind: 'raced' };
    },
  };
}
