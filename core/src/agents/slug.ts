import { wordsOf } from './words.js';

// A Latin letter's accents, once NFKD has taken them apart: dropped (café → cafe), as Knower
// always named files, so names made before stay the same. Every other script keeps its marks.
const LATIN_MARKS = /(\p{Script=Latin})\p{M}+/gu;
// What NFKD may bring into a word that does not belong in a name (½ → 1⁄2).
const NOT_IN_NAME = /[^\p{L}\p{M}\p{N}]+/gu;

/** A word as it goes in a name: compatibility forms made plain (ﬁ → fi, ｶ → カ), Latin accents dropped. */
function nameForm(word: string): string {
  return word.normalize('NFKD').replace(LATIN_MARKS, '$1').normalize('NFC').replace(NOT_IN_NAME, '-');
}

let graphemes: Intl.Segmenter | undefined;

/** At most `maxChars` characters and `maxBytes` UTF-8 bytes, cut between whole letters (a letter with its marks). */
function bounded(slug: string, maxChars: number, maxBytes: number): string {
  if (slug.length <= maxChars && Buffer.byteLength(slug) <= maxBytes) return slug;
  graphemes ??= new Intl.Segmenter('und', { granularity: 'grapheme' });
  let out = '';
  let chars = 0;
  let bytes = 0;
  for (const { segment } of graphemes.segment(slug)) {
    chars += [...segment].length;
    bytes += Buffer.byteLength(segment);
    if (chars > maxChars || bytes > maxBytes) break;
    out += segment;
  }
  return out;
}

/**
 * The one way text becomes a file name, or the part of one after its date (a note named after
 * its first line, a saved file's name): its words as the search index cuts them, joined by `-`.
 * A Hindi title keeps its vowel signs and viramas (फ़ाइल-को-सेव-करना), Thai its dictionary words
 * (ภาษา-ไทย), a run of Chinese or Japanese stays as written (会議のメモ); Latin loses its accents.
 *
 * Safe wherever a vault is kept: letters, marks, digits and `-` only (no separator, no character
 * a filesystem forbids, never a leading dot), NFC (macOS and Linux then agree on the bytes), at
 * most `maxChars` characters and twice as many UTF-8 bytes: a Latin or Cyrillic name keeps all
 * `maxChars`, a three-byte script two thirds of them, so a dated name with a file's name after it
 * stays well under the 255 bytes a name may have. 'note' when no word is left.
 */
export function slugify(text: string, maxChars = 50): string {
  const words = wordsOf(text).map((w) => (w.kind === 'spaceless' ? w.text : nameForm(w.text)));
  const slug = bounded(
    words
      .join('-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, ''),
    maxChars,
    2 * maxChars,
  ).replace(/-+$/, '');
  return slug || 'note';
}

// Windows' device names: a file named so, whatever its extension, cannot be opened there.
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/;

/** Whether a slug may not be a file's whole name (before its extension). */
export const isReservedName = (slug: string): boolean => RESERVED.test(slug);
