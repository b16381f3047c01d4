import { useEffect, useState } from 'react';
import { getUpdate, UPDATE_LIMITS, type ErrorCode, type UpdateStatus } from '../lib/api';
import { limitsInWords } from '../lib/attachments';

/**
 * What the app says when a share could not be filed, by the code core sent back. Only these
 * words are ever shown: `?share_error=` is part of a link anyone can make, so its value is a
 * key, never text to display.
 */
const SHARE_PROBLEMS: Partial<Record<ErrorCode, string>> = {
  empty_update: 'The share had no text, link or file, so nothing was sent.',
  text_too_large: `The shared text is longer than Knower takes (${UPDATE_LIMITS.textChars.toLocaleString('en-US')} characters), so nothing was sent.`,
  invalid_url: 'The shared link is not an http:// or https:// link, so nothing was sent.',
  attachment_too_large: `A shared file is larger than Knower takes (${limitsInWords()}), so nothing was sent.`,
  too_many_attachments: `Knower takes at most ${UPDATE_LIMITS.attachments} files at a time, so nothing was sent.`,
  unsupported_media_type: 'The share did not arrive as a form Knower reads, so nothing was sent.',
  unknown_field: 'The share did not arrive as a form Knower reads, so nothing was sent.',
  too_many_parts: 'The share did not arrive as a form Knower reads, so nothing was sent.',
  too_many_fields: 'The share did not arrive as a form Knower reads, so nothing was sent.',
  body_too_large: 'The share is larger than Knower takes, so nothing was sent.',
};
const UNKNOWN_PROBLEM = 'The share could not be filed, so nothing was sent. Share it again; if it keeps failing, the service log says why.';

export function shareProblemText(code: string): string {
  return (Object.hasOwn(SHARE_PROBLEMS, code) && SHARE_PROBLEMS[code as ErrorCode]) || UNKNOWN_PROBLEM;
}

/**
 * The app opened from the phone's share sheet: POST /share sent it back to `/?shared=<id>`
 * (the update to follow in Activity) or `/?share_error=<code>` (shown, in the app's words, until
 * dismissed). The query is then removed, so a reload does not repeat it.
 */
export function useShareLaunch(onStatus: (status: UpdateStatus) => void) {
  const [launch] = useState(() => new URLSearchParams(window.location.search));
  const shared = launch.get('shared');
  const [problem, setProblem] = useState(() => {
    const code = launch.get('share_error');
    return code === null ? null : shareProblemText(code);
  });
  useEffect(() => {
    if (launch.has('shared') || launch.has('share_error')) history.replaceState(null, '', `/${window.location.hash}`);
    if (!shared) return;
    void getUpdate(shared).then((result) => {
      if (result.ok) onStatus(result.value);
    });
  }, [launch, shared, onStatus]);
  return { problem, dismiss: () => setProblem(null) };
}
