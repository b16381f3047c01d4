import path from 'node:path';
import type { Logger } from '../logger.js';
import { decodeNote, parseNote, readBytesIfExists, setFrontmatterFields, whyNotRewritten, writeFileAtomic } from '../vault/index.js';
import type { SelfWrites } from '../watch/index.js';
import { planMetadata } from './plan-metadata.js';

export type StampOutcome =
  | { kind: 'unchanged' | 'stamped' | 'gone' }
  /** The file changed between the read and the write: look again once it is quiet. */
  | { kind: 'raced' }
  | { kind: 'malformed'; error: string }
  /** Not UTF-8 text, or read-only: left as it is (looked at again only when it changes). */
  | { kind: 'left'; why: string };

/** A note whose frontmatter the job must look at: when it came to be, and its body's hash when the job last saw it. */
export interface StampTask {
  rel: string;
  born: Date;
  previousBody: string | undefined;
}

export interface Stamper {
  /** `previousBody`: the body's hash when the job last saw the note; a different body moves `updated`. */
  stamp(rel: string, born: Date, previousBody: string | undefined): Promise<StampOutcome>;
}

const READ_ONLY = 'it is read-only (its permissions allow no writing)';

/**
 * Sets tokens/updated/created in a note's frontmatter, editing only those lines, as a
 * compare-and-swap: a hand edit landing between the read and the write is never lost. A note it
 * may not rewrite (malformed YAML, bytes that are not UTF-8, a read-only file) is left as the
 * person wrote it, said once, and stays listed and searchable.
 */
export function createStamper(deps: { root: string; selfWrites: SelfWrites; clock: () => Date; log: Logger }): Stamper {
  const reported = new Map<string, string>();

  /** Says why a note is left untouched, once until the reason changes. */
  function leave(rel: string, why: string, msg: string): void {
    if (reported.get(rel) === why) return;
    deps.log.warn({ path: rel, why }, msg);
    reported.set(rel, why);
  }

  return {
    async stamp(rel, born, previousBody) {
      const abs = path.join(deps.root, rel);
      const bytes = await readBytesIfExists(abs);
      if (bytes === undefined) return { kind: 'gone' };
      const decoded = decodeNote(bytes);
      if (!decoded.rewritable) {
        const why = whyNotRewritten(decoded)!;
        leave(rel, why, 'note is not UTF-8 text; left untouched');
        return { kind: 'left', why };
      }
      const text = decoded.text;
      const parsed = parseNote(text);
      if (!parsed.ok) {
        leave(rel, parsed.error, 'frontmatter is malformed; note left untouched');
        return { kind: 'malformed', error: parsed.error };
      }
      const plan = planMetadata(parsed.data, parsed.body, previousBody, deps.clock(), born);
      if (Object.keys(plan.fields).length === 0) {
        reported.delete(rel);
        return { kind: 'unchanged' };
      }
      const next = setFrontmatterFields(text, plan.fields);
      const outcome = await writeFileAtomic(abs, next, { expect: text, beforeCommit: () => deps.selfWrites.mark(rel, next) });
      if (outcome.ok) {
        reported.delete(rel);
        return { kind: 'stamped' };
      }
      switch (outcome.reason) {
        case 'read-only':
          leave(rel, READ_ONLY, 'note is read-only; left untouched');
          return { kind: 'left', why: READ_ONLY };
        case 'missing':
          return { kind: 'gone' };
        default:
          return { kind: 'raced' };
      }
    },
  };
}
