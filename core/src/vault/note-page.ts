import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IndexViews } from './index-views.js';
import { parseNote } from './frontmatter.js';
import { isNote } from './indexed-set.js';
import { decodeNote } from './note-reader.js';
import { readVaultBytes } from './read-vault-file.js';
import { resolveVaultPath, type PathProblem } from './resolve-vault-path.js';
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

/** Why a path asked for gives no note or file: a path the vault refuses, or nothing readable there. */
type Refusal = { ok: false; error: `path_${PathProblem}` | 'not_a_note' | 'not_found'; message: string };

export type NotePageOutcome = { ok: true; page: NotePage } | Refusal;

/** A vault file's bytes, to stream: opened only when asked, after its size is known. */
export type RawFileOutcome = { ok: true; rel: string; size: number; open(): ReadStream } | Refusal;

/** Notes as the note view shows them (GET /vault/file) and files as they are (GET /vault/raw), by the path asked for. */
export function createNotePages(deps: { root: string; index: Pick<VaultIndex, 'get'>; views: Pick<IndexViews, 'resolve'> }) {
  return {
    async read(asked: string): Promise<NotePageOutcome> {
      const resolved = await resolveVaultPath(deps.root, asked);
      if (!resolved.ok) return { ok: false, error: `path_${resolved.problem}`, message: resolved.message };
      const { rel } = resolved;
      if (!isNote(rel)) return { ok: false, error: 'not_a_note', message: `${rel} is not a markdown note; fetch it from /vault/raw` };
      // Regular files only, opened without blocking: a FIFO named *.md would hang the request.
      const bytes = await readVaultBytes(deps.root, rel);
      if (bytes === undefined) return { ok: false, error: 'not_found', message: `no file at ${rel}` };
      // A note in another encoding shows its words as written (a binary one, whatever UTF-8 makes of it).
      const decoded = decodeNote(bytes);
      const parsed = parseNote(decoded.encoding === 'binary' ? bytes.toString('utf8') : decoded.text);
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

    async raw(asked: string): Promise<RawFileOutcome> {
      const resolved = await resolveVaultPath(deps.root, asked);
      if (!resolved.ok) return { ok: false, error: `path_${resolved.problem}`, message: resolved.message };
      const { rel, abs } = resolved;
      const info = await stat(abs).catch(() => undefined);
      if (!info?.isFile()) return { ok: false, error: 'not_found', message: `no file at ${rel}` };
      return { ok: true, rel, size: info.size, open: () => createReadStream(abs) };
    },
  };
}

export type NotePages = ReturnType<typeof createNotePages>;
