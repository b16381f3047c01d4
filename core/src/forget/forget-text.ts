import { isTextContent } from '../vault/index.js';

/** What stands where a forgotten text was. */
export const FORGOTTEN = '[forgotten]';

/**
 * A start of the text shorter than this, cut off by an ellipsis, is left: three letters are no
 * secret, and any word's first letters would match a shorter one.
 */
const MIN_CUT_CHARS = 3;
/** The longest cut Knower makes of a text it keeps (a commit's body keeps 600 characters, a summary 2,000). */
const MAX_CUT_CHARS = 2_000;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface TextForgetter {
  /** `s` with every occurrence taken out; undefined when it holds none. */
  scrub(s: string): string | undefined;
  /** A file's bytes with every occurrence taken out; undefined when it holds none or is not text. */
  scrubBytes(bytes: Buffer): Buffer | undefined;
}

/**
 * Finds a text wherever Knower may have kept it: as sent, with its whitespace changed (a commit
 * subject or a step makes one line of it, a note may wrap it), and cut short by an ellipsis
 * (a subject keeps the first 60 characters, a step 200): the part before the `…` goes too.
 */
export function textForgetter(text: string): TextForgetter {
  const words = text.trim().split(/\s+/u);
  const whole = new RegExp(words.map(escape).join('\\s+'), 'gu');
  const flat = words.join(' ');
  // Files that do not hold the text's first characters (all a cut keeps) are most files: ruled out without decoding them.
  const start = Buffer.from([...flat].slice(0, MIN_CUT_CHARS).join(''), 'utf8');

  /** How many characters right before `at` (after `from`) are a start of the text: 0 when fewer than MIN_CUT_CHARS. */
  function startBefore(s: string, at: number, from: number): number {
    const last = s[at - 1];
    for (let k = Math.min(flat.length - 1, at - from, MAX_CUT_CHARS); k >= MIN_CUT_CHARS; k--) {
      if (flat[k - 1] === last && s.startsWith(flat.slice(0, k), at - k)) return k;
    }
    return 0;
  }

  /** Each ellipsis right after a start of the text: that start goes, the ellipsis stays. */
  function cutShort(s: string): string {
    let out = '';
    let from = 0;
    for (let at = s.indexOf('…'); at !== -1; at = s.indexOf('…', at + 1)) {
      const k = startBefore(s, at, from);
      out += s.slice(from, at - k) + (k ? FORGOTTEN : '');
      from = at;
    }
    return out + s.slice(from);
  }

  function scrub(s: string): string | undefined {
    const out = cutShort(s.replace(whole, FORGOTTEN));
    return out === s ? undefined : out;
  }

  return {
    scrub,
    scrubBytes(bytes) {
      if (bytes.indexOf(start) === -1 || !isTextContent(bytes)) return undefined;
      const out = scrub(bytes.toString('utf8'));
      return out === undefined ? undefined : Buffer.from(out, 'utf8');
    },
  };
}
