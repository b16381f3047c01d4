import { Globe, Type } from 'lucide-react';
import { shortLink } from '../lib/link-draft';
import { cn } from '../lib/cn';

type ClipOfferProps = { url: string; clip: boolean; disabled: boolean; onChange: (clip: boolean) => void };

/**
 * Under an Update draft that holds a link: what sending will do with it. By default the link is
 * clipped (Knower fetches the page and files it, the other words going with it as the person's
 * note); one click sends the draft as plain text instead, and back.
 */
export function ClipOffer({ url, clip, disabled, onChange }: ClipOfferProps) {
  return (
    <div className="flex min-w-0 items-center gap-2 px-4 pb-1.5 text-[12.5px]" aria-live="polite">
      <span className={cn('inline-flex min-w-0 items-center gap-1.5 rounded-md px-2 py-1', clip ? 'bg-update/10 text-fg' : 'text-muted')}>
        {clip ? <Globe aria-hidden size={13} className="shrink-0 text-update" /> : <Type aria-hidden size={13} className="shrink-0" />}
        <span className="shrink-0 font-medium">{clip ? 'Clip this page' : 'Sent as text'}</span>
        <span className="min-w-0 truncate text-muted" title={url}>
          {shortLink(url)}
        </span>
      </span>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onChange(!clip)}
        className="ml-auto shrink-0 rounded-md px-2 py-1 font-medium text-muted transition-colors hover:bg-hover hover:text-fg max-md:min-h-11"
      >
        {clip ? 'Send as text' : 'Clip it instead'}
      </button>
    </div>
  );
}
