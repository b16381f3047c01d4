import { Defuddle } from 'defuddle/node';
import { parseHTML } from 'linkedom';
import type { Article, Extraction } from './types.js';

/** The page's charset: the header's, else a `<meta>` in its first kilobytes, else UTF-8 (HTML's default). */
function charsetOf(bytes: Buffer, contentType: string): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader;
  const head = bytes.subarray(0, 4096).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

function decode(bytes: Buffer, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(bytes, contentType)).decode(bytes);
  } catch {
    // An unknown charset label: UTF-8 keeps most pages readable.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const clean = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : undefined);

/**
 * The article of a page as markdown, with what the page says of itself (title, author, site,
 * date). defuddle is what the Obsidian Web Clipper uses; linkedom parses without running any of
 * the page's scripts. `useAsync: false`: defuddle never fetches anything itself (its extractors
 * for a few sites would call their APIs) — the service's fetch, with its address checks, is the
 * only way out.
 */
export async function readArticle(bytes: Buffer, url: string, contentType: string): Promise<Extraction<Article>> {
  const { document } = parseHTML(decode(bytes, contentType));
  const result = await Defuddle(document as unknown as Parameters<typeof Defuddle>[0], url, { markdown: true, useAsync: false });
  const markdown = (result.content ?? '').trim();
  if (!markdown) return { ok: false, code: 'unreadable', message: 'the page has no article text (it may need JavaScript to show it)' };
  const article: Article = { markdown, words: result.wordCount ?? markdown.split(/\s+/).length };
  const fields = { title: clean(result.title), author: clean(result.author), site: clean(result.site), published: clean(result.published), description: clean(result.description) };
  for (const [key, value] of Object.entries(fields)) if (value) article[key as keyof typeof fields] = value;
  return { ok: true, value: article };
}
