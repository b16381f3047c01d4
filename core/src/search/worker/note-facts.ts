import { noteTitle, readNoteText } from '../../vault/note-reader.js';
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
 * Everything Knower derives from one note's text: its facts, its search title and indexed text.
 * A note over the budget (`rest` streams what follows `text`) is indexed by `text` alone; its
 * tokens and body hash count the whole note.
 */
export function readNote(rel: string, text: string, info: FileInfo, rest?: Iterable<string>): IndexedNote {
  const note = readNoteText(text, rest);
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
