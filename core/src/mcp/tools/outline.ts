import { z } from 'zod';
import { vaultPath } from '../../api/index.js';
import { headingKey, noteLines, outlineNote, tokenCount } from '../../vault/index.js';
import { readTextNote } from './note-text.js';
import { adviceField, READ_ONLY, refused, shown } from '../../tools/index.js';
import { defineMcpTool } from './tool.js';

/** Enough for any real note; a generated file with thousands of headings is listed in part, saying so. */
const MAX_HEADINGS = 400;

const heading = z.object({
  level: z.number(),
  text: z.string(),
  line: z.number(),
  end: z.number(),
  occurrence: z.number(),
  parents: z.array(z.string()),
  tokens: z.number(),
});

export const outlineTool = defineMcpTool({
  name: 'outline',
  title: 'Outline a note',
  description:
    "List the headings of one note of the user's vault: level, text, the lines each section spans and its size in tokens. " +
    'Use it before reading a long note (a design document, a meeting log): pick the part you need and fetch it with section, instead of reading thousands of lines. ' +
    'Headings inside code blocks and the frontmatter are not headings; setext headings (underlined with === or ---) are. A heading that repeats has an occurrence number to pass to section.',
  input: z.object({
    path: vaultPath.min(1, 'is empty').describe('Note path relative to the vault root, e.g. "projects/acme/design.md".'),
  }),
  output: z.object({
    path: z.string(),
    lines: z.number(),
    headings: z.array(heading),
    truncated: z.boolean(),
    /** A note over the per-note budget: which part of it was outlined. */
    readPart: z.string().optional(),
    advice: adviceField,
  }),
  annotations: READ_ONLY,
  async run({ path }, deps) {
    const note = await readTextNote(deps.root, path, 'outlined');
    if (!note.ok) return refused(note.error);
    const outline = outlineNote(note.text);
    const part = note.readPart ? { readPart: note.readPart } : {};
    const lines = noteLines(note.text); // split once: a long note may have hundreds of sections
    const listed = outline.headings.slice(0, MAX_HEADINGS).map((h) => ({ ...h, tokens: tokenCount(lines.slice(h.line - 1, h.end).join('\n')) }));
    const truncated = outline.headings.length > listed.length;
    const counted = `${outline.lines} lines, ${outline.headings.length} heading${outline.headings.length === 1 ? '' : 's'}`;
    const head = `${note.rel}: ${note.readPart ? `${note.readPart} (${counted} in that part)` : counted}`;
    if (listed.length === 0) {
      const advice = 'It has no headings: read it whole with read.';
      return shown(`${head}. ${advice}`, { path: note.rel, lines: outline.lines, headings: [], truncated: false, ...part, advice });
    }
    // A name used more than once shows its occurrence: section needs it to pick one.
    const uses = new Map<string, number>();
    for (const h of outline.headings) uses.set(headingKey(h.text), (uses.get(headingKey(h.text)) ?? 0) + 1);
    const rows = listed.map((h) => {
      const repeat = (uses.get(headingKey(h.text)) ?? 0) > 1 ? ` · occurrence ${h.occurrence}` : '';
      return `${'  '.repeat(h.level - 1)}${'#'.repeat(h.level)} ${h.text} · lines ${h.line}-${h.end} · ${h.tokens} tokens${repeat}`;
    });
    const more = truncated ? `\n… and ${outline.headings.length - listed.length} more headings (not shown).` : '';
    const advice = 'Read one part with section(path, heading).';
    return shown(`${head}\n${rows.join('\n')}${more}\n\n${advice}`, { path: note.rel, lines: outline.lines, headings: listed, truncated, ...part, advice });
  },
});
