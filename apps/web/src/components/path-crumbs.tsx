import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';

/** A vault path as breadcrumbs: folders quiet, the file name as the view's heading. */
export function PathCrumbs({ path }: { path: string }) {
  const parts = path.split('/');
  const name = parts.pop() ?? path;
  return (
    <nav aria-label="File path" className="flex min-w-0 items-center gap-1 text-[13px]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          <span className="hidden max-w-40 shrink truncate text-muted sm:inline">{part}</span>
          <ChevronRight aria-hidden size={13} className="hidden shrink-0 text-muted sm:inline" />
        </Fragment>
      ))}
      <h1 aria-current="page" className="truncate font-medium text-fg" title={path}>
        {name}
      </h1>
    </nav>
  );
}
