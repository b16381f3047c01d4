import { slugify } from '../agents/index.js';
import { isTextContent } from '../vault/index.js';

/** What stands where a forgotten text was. */
export const FORGOTTEN = '[forgotten]';
/** The same in a file or folder name: brackets break wikilinks. */
const FORGOTTEN_NAME = 'forgotten';

/**
 * A start of the text shorter than this, cut off by an ellipsis, is left: three letters are no
 * secret, and any word's first letters would match a shorter one.
 */
const MIN_CUT_CHARS = 3;
/** The longest cut Knower makes of a text it keeps (a commit's body keeps 600 characters, a summary 2,000). */
const MAX_CUT_CHARS = 2_000;
/** A name cut short (a note named after its first line keeps 50 characters of it) ends with at least this much of the text. */
const MIN_NAME_CUT_CHARS = 8;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A word of text that names a file: it holds a folder separator or ends with an extension. */
const PATH_TOKEN = /[^\s()[\]<>"'`|]+/gu;
const looksLikePath = (token: string) => token.includes('/') || /\.[A-Za-z0-9]{1,8}$/.test(token);

export interface TextForgetter {
  /** `s` with every occurrence taken out; undefined when it holds none. */
  scrub(s: string): string | undefined;
  /** A file's bytes with every occurrence taken out; undefined when it holds none or is not text. */
  scrubBytes(bytes: Buffer): Buffer | undefined;
  /** One file or folder name without the text; undefined when it holds none. */
  scrubName(name: string): string | undefined;
  /** A path of the vault with every name scrubbed; undefined when none holds the text. */
  scrubPath(rel: string): string | undefined;
}

/**
 * Finds a text wherever Knower may have kept it: as sent, with its whitespace changed (a commit
 * subject or a step makes one line of it, a note may wrap it), cut short by an ellipsis (a
 * subject keeps the first 60 characters, a step 200: the part before the `…` goes too), and in
 * file names, where a note named after its first line holds it as a slug (`my-pin-is-8462`),
 * cut at 50 characters. A path in a note (a link to a renamed note) is renamed the same way.
 */
export function textForgetter(text: string): TextForgetter {
  const words = text.trim().split(/\s+/u);
  const whole = new RegExp(words.map(escape).join('\\s+'), 'gu');
  const flat = words.join(' ');
  const slug = slugify(text, Number.MAX_SAFE_INTEGER);
  // A text of no letters or digits has no slug (slugify's 'note' is its stand-in for nothing).
  const slugForm = slug !== 'note' && slug.length >= MIN_CUT_CHARS ? new RegExp(escape(slug), 'giu') : undefined;
  // Files that do not hold the text's first characters (all a cut keeps) are most files: ruled out without decoding them.
  const starts = [flat, slug].map((s) => Buffer.from([...s].slice(0, MIN_CUT_CHARS).join(''), 'utf8'));

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

  /** A name's stem ending with a start of the slug, at one of its word boundaries: a name cut short. */
  function cutName(name: string): string {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const lower = stem.toLowerCase();
    for (let k = Math.min(slug.length - 1, lower.length); k >= MIN_NAME_CUT_CHARS; k--) {
      const at = lower.length - k;
      if ((at === 0 || lower[at - 1] === '-') && lower.endsWith(slug.slice(0, k))) return `${stem.slice(0, at)}${FORGOTTEN_NAME}${name.slice(stem.length)}`;
    }
    return name;
  }

  function scrubName(name: string): string | undefined {
    let out = name.replace(whole, FORGOTTEN_NAME);
    if (slugForm) out = cutName(out.replace(slugForm, FORGOTTEN_NAME));
    return out === name ? undefined : out;
  }

  function scrubPath(rel: string): string | undefined {
    const out = rel
      .split('/')
      .map((name) => scrubName(name) ?? name)
      .join('/');
    return out === rel ? undefined : out;
  }

  function scrub(s: string): string | undefined {
    const paths = s.replace(PATH_TOKEN, (token) => (looksLikePath(token) ? (scrubPath(token) ?? token) : token));
    const out = cutShort(paths.replace(whole, FORGOTTEN));
    return out === s ? undefined : out;
  }

  return {
    scrub,
    scrubName,
    scrubPath,
    scrubBytes(bytes) {
      if (starts.every((start) => bytes.indexOf(start) === -1) || !isTextContent(bytes)) return undefined;
      const out = scrub(bytes.toString('utf8'));
      return out === undefined ? undefined : Buffer.from(out, 'utf8');
    },
  };
}
