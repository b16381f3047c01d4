import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseNote } from '../vault/index.js';
import { cleanSnippet, hitTitle, vaultRelativePath, type RawHit } from './clean-hit.js';
import type { SearchHit } from './types.js';

export interface FinishOptions {
  vaultRoot: string;
  collection: string;
  /** Only paths under this prefix survive (the scope filter). */
  prefix: string | null;
  limit: number;
  query: string;
  /** Snippets came through MCP, whose lines carry "N: " prefixes. */
  numbered: boolean;
}

// Enough for the frontmatter and a body snippet of any sane note; bounded so a huge file cannot stall a search.
const NOTE_READ_BYTES = 32 * 1024;

/** The hits that survive mapping to vault paths, dedup and the scope filter, at most `limit`. */
export function pickHits(raw: RawHit[], o: Pick<FinishOptions, 'collection' | 'prefix' | 'limit'>): { hit: RawHit; path: string }[] {
  const seen = new Set<string>();
  const picked: { hit: RawHit; path: string }[] = [];
  for (const hit of raw) {
    const path = vaultRelativePath(hit.file, o.collection);
    if (!path || seen.has(path) || (o.prefix && !path.startsWith(o.prefix))) continue;
    seen.add(path);
    picked.push({ hit, path });
    if (picked.length >= o.limit) break;
  }
  return picked;
}

/** qmd hits → vault-relative, scope-filtered, trimmed hits with clean snippets. */
export async function finishHits(raw: RawHit[], o: FinishOptions): Promise<SearchHit[]> {
  const picked = pickHits(raw, o);
  return Promise.all(
    picked.map(async ({ hit, path }) => {
      const fileText = await readNoteHead(join(o.vaultRoot, path));
      const snippet = cleanSnippet({
        raw: hit.snippet,
        numbered: o.numbered,
        query: o.query,
        ...(fileText !== undefined && { fileText }),
      });
      return { path, title: titleOf(hit.title, path, fileText), score: hit.score, snippet };
    }),
  );
}

/**
 * qmd titles a note by its first heading, else by its file name; a `title` in the frontmatter
 * says it better than a file name does.
 */
function titleOf(qmdTitle: string | undefined, path: string, fileText: string | undefined): string {
  const title = hitTitle(qmdTitle, path);
  if (fileText === undefined || title !== basename(path).replace(/\.md$/i, '')) return title;
  const parsed = parseNote(fileText);
  const declared = parsed.ok ? parsed.data.title : undefined;
  return typeof declared === 'string' && declared.trim() ? declared.trim() : title;
}

/** The note as it is now; undefined when it vanished since qmd indexed it. */
async function readNoteHead(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(NOTE_READ_BYTES), 0, NOTE_READ_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}
