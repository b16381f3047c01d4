import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';

/** A vault path as breadcrumbs: folders quiet, the file name emphasised. */
export function PathCrumbs({ path }: { path: string }) {
  const parts = path.split('/');
  const name = parts.pop() ?? path;
  return (
    <nav aria-label="File path" className="flex min-w-0 items-center gap-1 text-[13px]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          <span className="max-w-40 shrink truncate text-faint">{part}</span>
          <ChevronRight aria-hidden size={13} className="shrink-0 text-faint/70" />
        </Fragment>
      ))}
      <span aria-current="page" className="truncate font-medium text-fg">
        {name}
      </span>
    </nav>
  );
}
