import { Link2 } from 'lucide-react';
import { useBacklinks } from '../hooks/use-backlinks';
import { formatRoute } from '../lib/route';
import { basename, dirname } from '../lib/vault-path';

/** "Linked from": the notes whose links lead to the open one, each with the line of its link. */
export function Backlinks({ path, revision }: { path: string; revision: number }) {
  const state = useBacklinks(path, revision);
  if (state.status !== 'ready' || state.found.backlinks.length === 0) return null;
  const { backlinks, complete } = state.found;
  return (
    <section aria-label="Linked from" className="mt-10 border-t border-line pt-4">
      <h2 className="mb-2 flex items-center gap-1.5 text-[11px] font-semibold tracking-wider text-muted uppercase">
        <Link2 aria-hidden size={13} /> Linked from {backlinks.length}
        {complete ? '' : '+'} note{backlinks.length === 1 ? '' : 's'}
      </h2>
      <ul className="space-y-1.5">
        {backlinks.map((link) => (
          <li key={link.path} className="min-w-0">
            <a
              href={formatRoute({ view: 'file', path: link.path })}
              className="inline-flex min-h-7 max-w-full items-baseline gap-2 max-md:min-h-11 max-md:items-center text-[13.5px] font-medium text-accent hover:underline"
            >
              <span className="truncate">{basename(link.path).replace(/\.md$/i, '')}</span>
              {dirname(link.path) && <span className="truncate text-xs font-normal text-muted">{dirname(link.path)}</span>}
            </a>
            <p dir="auto" className="truncate text-xs text-muted">
              {link.line}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
