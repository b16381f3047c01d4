import { Bookmark } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { bookmarklet } from '../lib/bookmarklet';

/**
 * "Save to Knower", to drag to the bookmarks bar: on any page it opens this Knower's clip page
 * (its origin taken from where the app runs) with the page's link, title and selection. React
 * refuses `javascript:` addresses in what it renders, so the address is set on the element
 * itself. Clicked here it would run in the app, where the CSP forbids it: it says what to do.
 */
export function BookmarkletLink() {
  const link = useRef<HTMLAnchorElement>(null);
  const [hint, setHint] = useState(false);
  useEffect(() => {
    link.current?.setAttribute('href', bookmarklet(window.location.origin));
  }, []);
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    setHint(true);
  };
  return (
    <section aria-labelledby="bookmarklet-title" className="mt-5 border-t border-line pt-4">
      <h3 id="bookmarklet-title" className="text-[13px] font-semibold">
        Save pages from your browser
      </h3>
      <p className="mt-1 text-[13px] text-muted">Drag this button to your bookmarks bar. On any page, click it to save the page (and the text you selected) to Knower.</p>
      <a
        ref={link}
        onClick={onClick}
        title="Drag me to the bookmarks bar"
        className="mt-3 inline-flex h-8 cursor-grab items-center gap-1.5 rounded-md border border-line bg-raised px-3 text-[13px] font-medium shadow-sm hover:bg-hover max-md:h-11"
      >
        <Bookmark aria-hidden size={14} className="text-update" /> Save to Knower
      </a>
      <p className="mt-2 text-xs text-muted md:hidden">On a phone, install Knower from the browser’s menu: it then appears in the share sheet.</p>
      {hint && (
        <p role="status" className="mt-2 text-xs text-muted">
          It works from other pages: drag it to the bookmarks bar first.
        </p>
      )}
    </section>
  );
}
