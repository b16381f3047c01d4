import type { IndexViews } from './index-views.js';
import { parseNote } from './frontmatter.js';
import { isNote } from './indexed-set.js';
import { readVaultBytes } from './read-vault-file.js';
import type { VaultIndex } from './vault-index.js';
import { wikilinkTargets } from './wikilinks.js';

/** A note as the note view shows it: its fields, its body, and where each of its links leads. */
export interface NotePage {
  path: string;
  frontmatter: Record<string, unknown>;
  body: string;
  tokens?: number;
  updated?: string;
  malformed?: string;
  /** Where each [[wikilink]] and ![[embed]] of the note leads (null: nothing by that name). */
  links: Record<string, string | null>;
}

export type NotePageOutcome = { ok: true; page: NotePage } | { ok: false; error: 'not_a_note' | 'not_found'; message: string };

/** Reads a note (a vault-relative path already checked) for GET /vault/file. */
export function createNotePages(deps: { root: string; index: Pick<VaultIndex, 'get'>; views: Pick<IndexViews, 'resolve'> }) {
  return {
    async read(rel: string): Promise<NotePageOutcome> {
      if (!isNote(rel)) return { ok: false, error: 'not_a_note', message: `${rel} is not a markdown note; fetch it from /vault/raw` };
      // Regular files only, opened without blocking: a FIFO named *.md would hang the request.
      const bytes = await readVaultBytes(deps.root, rel);
      if (bytes === undefined) return { ok: false, error: 'not_found', message: `no file at ${rel}` };
      const parsed = parseNote(bytes.toString('utf8'));
      const entry = deps.index.get(rel);
      const page: NotePage = {
        path: rel,
        frontmatter: parsed.ok ? parsed.data : {},
        body: parsed.body,
        ...(entry?.tokens !== undefined ? { tokens: entry.tokens } : {}),
        ...(entry?.updated !== undefined ? { updated: entry.updated } : {}),
        ...(parsed.ok ? {} : { malformed: parsed.error }),
        links: deps.views.resolve(wikilinkTargets(parsed.body), rel),
      };
      return { ok: true, page };
    },
  };
}

export type NotePages = ReturnType<typeof createNotePages>;
