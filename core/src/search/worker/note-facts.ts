import { decodeNote, noteTitle, readNoteText } from '../../vault/note-reader.js';
import type { FileFacts } from './protocol.js';

export interface FileInfo {
  size: number;
  mtimeMs: number;
  birthtimeMs: number;
}

export interface IndexedNote {
  facts: FileFacts;
  title: string;
  /** What search indexes: the note minus the fields Knower maintains (they would match every note). */
  indexText: string;
}

/**
/**
 * Everything Knower derives from one note's bytes: its facts, its search title and indexed text.
 * Text in another encoding than UTF-8 is read as the note reader decodes it (a Latin-1 note is
 * found by its accented words); a binary file named .md is listed, with nothing to index. A note
 * over the budget (`rest` streams the text that follows `head`) is indexed by `head` alone; its
 * tokens and body hash count the whole note.
 */
export function readNote(rel: string, head: Uint8Array, info: FileInfo, rest?: Iterable<string>): IndexedNote {
  const decoded = decodeNote(head);
  if (decoded.encoding === 'binary') return { facts: { path: rel, kind: 'note', ...info, tokens: 0 }, title: noteTitle({ body: '' }, rel), indexText: '' };
  const note = readNoteText(decoded.text, rest);
  return {
    facts: {
      path: rel,
      kind: 'note',
      ...info,
      tokens: note.tokens,
      bodyHash: note.bodyHash,
      ...(note.jobFields && { frontmatter: note.jobFields }),
    },
    title: noteTitle(note, rel),
    indexText: note.keptYaml ? `---\n${note.keptYaml}\n---\n${note.body}` : note.body,
  };
}
