import { cn } from '../lib/cn';
import type { OutlineEntry } from '../lib/outline';
import { scrollToHeading } from './markdown-view';

/** The headings of the open note ("On this page"): each one scrolls the note to it. */
export function NoteOutline({ entries, className }: { entries: readonly OutlineEntry[]; className?: string }) {
  const top = Math.min(...entries.map((e) => e.level));
  return (
    <nav aria-label="Outline" className={cn('text-[13px]', className)}>
      <h2 className="mb-1.5 text-[11px] font-semibold tracking-wider text-muted uppercase">Outline</h2>
      <ol className="space-y-0.5">
        {entries.map((entry, i) => (
          <li key={`${i}:${entry.id}`} style={{ paddingInlineStart: `${(entry.level - top) * 12}px` }}>
            <a
              href={`#${entry.id}`}
              onClick={(event) => {
                event.preventDefault();
                scrollToHeading(entry.text);
              }}
              dir="auto"
              className="block min-h-7 truncate rounded px-1.5 py-1 text-muted hover:bg-hover hover:text-fg md:min-h-0 md:py-0.5"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
