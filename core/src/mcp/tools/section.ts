import { z } from 'zod';
import { LIMITS, vaultPath } from '../../api/index.js';
import { headingPath, outlineNote, pickHeading, sectionText, type OutlineHeading } from '../../vault/index.js';
import { readTextNote } from './note-text.js';
import { READ_ONLY, refused, shown } from '../../tools/index.js';
import { defineMcpTool } from './tool.js';

/** As read: ~50k tokens; a bigger section is shown in part and its sub-sections are a call away. */
const MAX_CHARS = 200_000;

const describe = (h: OutlineHeading) => `${'#'.repeat(h.level)} ${headingPath(h)} (line ${h.line}, occurrence ${h.occurrence})`;

export const sectionTool = defineMcpTool({
  name: 'section',
  title: 'Read one section of a note',
  description:
    "Read one part of a note of the user's vault: the heading's line and everything under it, down to the next heading of the same or a higher level (its sub-sections included). " +
    'Use it after outline, to read the part of a long note you need instead of the whole note. ' +
    'When several headings share the name, pass occurrence (from outline) or a heading path such as "Setup > Install".',
  input: z.object({
    path: vaultPath.min(1, 'is empty').describe('Note path relative to the vault root, e.g. "projects/acme/design.md".'),
    heading: z
      .string()
      .min(1, 'is empty')
      .max(LIMITS.queryChars, `is longer than ${LIMITS.queryChars} characters`)
      .describe('The heading\'s text as outline lists it, e.g. "Install" (leading #s, case and emphasis marks do not matter), or a path of headings, outermost first: "Setup > Install".'),
    occurrence: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .optional()
      .describe("Which of the headings with this name or path, counting from 1 in the note's order; needed only when the name repeats (outline shows it)."),
  }),
  output: z.object({
    path: z.string(),
    heading: z.string(),
    level: z.number(),
    line: z.number(),
    end: z.number(),
    occurrence: z.number(),
    text: z.string(),
    partial: z.boolean(),
    /** A note over the per-note budget: which part of it sections are cut from. */
    readPart: z.string().optional(),
  }),
  annotations: READ_ONLY,
  async run({ path, heading, occurrence }, deps) {
    const note = await readTextNote(deps.root, path, 'read for sections');
    if (!note.ok) return refused(note.error);
    // Past the budget a heading is not seen, and a section running up to it may go on beyond.
    const beyond = note.readPart ? ` (${note.readPart})` : '';
    const outline = outlineNote(note.text);
    const pick = pickHeading(outline, heading, occurrence);
    if (!pick.ok) {
      if (pick.reason === 'not_found') {
        const names = outline.headings.slice(0, 40).map((h) => `- ${describe(h)}`);
        return refused(
          outline.headings.length
            ? `${note.rel} has no heading "${heading}"${beyond}. Its headings:\n${names.join('\n')}${outline.headings.length > names.length ? '\n…' : ''}`
            : `${note.rel} has no headings${beyond}: read it whole with read.`,
        );
      }
      const list = pick.candidates.map((h, i) => `${i + 1}. ${describe(h)}`).join('\n');
      const paths = pick.candidates.map(headingPath);
      const byPath = new Set(paths).size === paths.length ? ` or a heading path such as "${paths[1] ?? ''}"` : '';
      return refused(
        pick.reason === 'ambiguous'
          ? `"${heading}" is the name of ${pick.candidates.length} headings in ${note.rel}:\n${list}\nCall section again with occurrence (1-${pick.candidates.length})${byPath}.`
          : `"${heading}" names ${pick.candidates.length} heading${pick.candidates.length === 1 ? '' : 's'} in ${note.rel}, so occurrence ${occurrence} does not exist:\n${list}`,
      );
    }
    const h = pick.heading;
    const whole = sectionText(note.text, h);
    const partial = whole.length > MAX_CHARS;
    const text = partial ? `${whole.slice(0, MAX_CHARS)}\n\n… the section continues for ${whole.length - MAX_CHARS} more characters: outline it and read its sub-sections.` : whole;
    const where = `${note.rel}, lines ${h.line}-${h.end}${h.parents.length ? ` (under ${h.parents.join(' > ')})` : ''}${beyond}:`;
    const part = note.readPart ? { readPart: note.readPart } : {};
    return shown(`${where}\n\n${text}`, { path: note.rel, heading: h.text, level: h.level, line: h.line, end: h.end, occurrence: h.occurrence, text, partial, ...part });
  },
});
