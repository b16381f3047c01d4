import type { FastifyRequest } from 'fastify';
import { captureUrl, UPDATE_LIMITS } from '../api/index.js';
import type { SubmitInput, Updates } from '../updates/index.js';
import { readFileParts, type PartsRefusal } from './read-file-parts.js';

export type ShareBody = { ok: true; update: Pick<SubmitInput, 'text' | 'url' | 'attachments'> } | PartsRefusal;

const FIELDS = ['title', 'text', 'url'] as const;

/**
 * What a phone's share sheet sent (the manifest's share_target: title, text, url, files) as an
 * update. Apps fill the fields unevenly (many put the link in `text`, after a title), so the
 * link is looked for in `url`, then in `text`: a shared link is captured, the rest is kept as
 * the person's words. Empty and repeated parts are dropped.
 */
export async function readShareBody(request: FastifyRequest, updates: Pick<Updates, 'receive' | 'discard'>): Promise<ShareBody> {
  const read = await readFileParts(request, updates, { fields: FIELDS, fieldSize: UPDATE_LIMITS.textChars * 4 });
  if (!read.ok) return read;
  const fields = Object.fromEntries(Object.entries(read.fields).map(([k, v]) => [k, (v ?? '').trim()])) as Record<string, string>;
  const { text, url } = sharedLink(fields);
  return { ok: true, update: { text, ...(url ? { url } : {}), attachments: read.attachments } };
}

const LINK = /\bhttps?:\/\/[^\s<>"]+/i;

/** The shared link (from `url`, or the one link in `text`) and the words that came with it. */
function sharedLink(fields: Record<string, string>): { text: string; url?: string } {
  const candidates = [fields.url ?? '', fields.text?.match(LINK)?.[0] ?? ''].filter((c) => captureUrl.safeParse(c).success);
  const url = candidates[0];
  if (!url) return { text: shareText(fields) };
  const rest = { title: fields.title ?? '', text: (fields.text ?? '').replace(url, '').trim(), url: '' };
  return { text: shareText(rest), url };
}

/** "Title\n\ntext\n\nurl", leaving out a part another one already contains. */
export function shareText({ title = '', text = '', url = '' }: Record<string, string>): string {
  const parts = [...new Set([title, text, url].filter(Boolean))];
  return parts.filter((part) => !parts.some((other) => other !== part && other.includes(part))).join('\n\n');
}
