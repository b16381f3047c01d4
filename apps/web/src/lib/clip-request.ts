import { captureUrl, UPDATE_LIMITS } from '@knower/api';

/** What the clip page was opened with (`/clip?url=…&title=…&text=…`, by the bookmarklet or any link). */
export type ClipRequest = { ok: true; url: string; title: string; selection: string } | { ok: false; problem: string };

/**
 * The clip page's query, checked: anyone can make such a link, so it is only ever shown as
 * text and sent once the person confirms it. The link must be one the service would capture.
 */
export function readClipRequest(search: string): ClipRequest {
  const params = new URLSearchParams(search);
  const url = (params.get('url') ?? '').trim();
  if (!url) return { ok: false, problem: 'This clip has no link: open the page to save and use the bookmarklet again.' };
  const checked = captureUrl.safeParse(url);
  if (!checked.success) return { ok: false, problem: `Knower saves web pages only: the link ${checked.error.issues[0]?.message ?? 'is not one'}.` };
  const title = (params.get('title') ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  const selection = (params.get('text') ?? '').trim();
  return { ok: true, url, title, selection };
}

/**
 * The update's text: the person's words on why it is saved, then the passage they selected,
 * quoted. The page's own title and article are the service's to read from the page; a
 * selection is kept whole up to what an update takes.
 */
export function clipText(why: string, selection: string): string {
  const quoted = selection
    .trim()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  const text = [why.trim(), selection.trim() ? quoted : ''].filter(Boolean).join('\n\n');
  return text.slice(0, UPDATE_LIMITS.textChars);
}
