import { captureUrl } from '@knower/api';

/** A link in a draft, to send as a clip: the link itself, and the rest of the words as the person's note on it. */
export type LinkDraft = { url: string; rest: string };

const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;

/**
 * Punctuation that closes the sentence around a link rather than the link itself: "see
 * https://x.org/a." A closing bracket stays when the link opened one (Wikipedia's "Foo_(bar)").
 */
function trimLink(raw: string): string {
  let link = raw;
  for (;;) {
    const last = link.at(-1) ?? '';
    const opens = (c: string) => link.split(c).length - 1;
    if ('.,;:!?\'"*_'.includes(last)) link = link.slice(0, -1);
    else if (last === ')' && opens(')') > opens('(')) link = link.slice(0, -1);
    else if (last === ']' && opens(']') > opens('[')) link = link.slice(0, -1);
    else return link;
  }
}

/**
 * The link a draft is about, when it holds exactly one and not as part of markdown (`[x](url)`
 * is a person writing prose with a link in it). Text with two links is sent as text: which one
 * to capture is not the app's guess to make.
 */
export function linkDraft(text: string): LinkDraft | null {
  const found = [...text.matchAll(LINK)];
  if (found.length !== 1) return null;
  const match = found[0]!;
  const before = text.slice(0, match.index);
  if (/\]\($/.test(before)) return null;
  const url = trimLink(match[0]);
  if (!captureUrl.safeParse(url).success) return null;
  const start = match.index;
  // A link written <like this> loses its brackets with it.
  const cutStart = before.endsWith('<') && text[start + url.length] === '>' ? start - 1 : start;
  const cutEnd = cutStart < start ? start + url.length + 1 : start + url.length;
  // The sentence's punctuation that followed the link alone ("read this: <link>. Ana…") goes with it.
  const rest = `${text.slice(0, cutStart)}${text.slice(cutEnd)}`
    .replace(/(^|[ \t])[.,;](?=[ \t]|$)/gm, '$1')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
  return { url, rest };
}

/** "example.org/articles/pelicans": a link as a person recognises it (no scheme, no trailing slash). */
export function shortLink(url: string): string {
  try {
    const parsed = new URL(url);
    const tail = `${parsed.pathname}${parsed.search}`.replace(/\/$/, '');
    return `${parsed.host.replace(/^www\./, '')}${tail}`;
  } catch {
    return url;
  }
}
