import { RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Retrying } from '../lib/api';
import { humanError } from '../lib/human-error';

/**
 * A run waiting out a model fault, in words: what went wrong and when it tries again, counting
 * down, so a slow answer is never mistaken for work going on.
 */
export function RetryingNotice({ retrying }: { retrying: Retrying }) {
  const [now, setNow] = useState(() => Date.now());
  const until = Date.parse(retrying.until);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.ceil((until - now) / 1000);
  const what = retrying.kind === 'attempt' ? 'Starting over' : 'Trying again';
  const when = left > 0 ? `${what} in ${left} s` : `${what} now`;
  return (
    <p role="status" className="mt-2 flex items-start gap-2 rounded-lg border border-answer/40 bg-answer/8 px-3 py-2 text-[13px] text-fg">
      <RotateCw aria-hidden size={14} className="mt-0.5 shrink-0 text-answer" />
      <span>
        {humanError(retrying.error, 'The model did not answer.').headline.replace(/ It retried for a while and then gave up\.$/, '')} {when} (retry {retrying.retry} of {retrying.of}).
      </span>
    </p>
  );
}
