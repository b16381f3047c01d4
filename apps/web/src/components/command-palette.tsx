import * as RadixDialog from '@radix-ui/react-dialog';
import { FileIcon, FileText, Search, TextSearch } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { usePaletteResults } from '../hooks/use-palette-results';
import { rawUrl } from '../lib/api';
import { PartialResultsNote } from './partial-results-note';
import { cn } from '../lib/cn';
import { findTerms } from '../lib/find-passage';
import { formatHeadingPath } from '../lib/format';
import { basename, dirname } from '../lib/vault-path';
import { Kbd } from './ui/kbd';

/** `page`: a hit in a PDF, on this page of it. */
type Item = { id: string; path: string; title: string; detail: string; snippet?: string; page?: number; kind: 'name' | 'file' | 'text' };

/** `find`: the words a text hit matched; the note opens at the passage holding them. */
type CommandPaletteProps = { open: boolean; onOpenChange: (open: boolean) => void; onOpen: (path: string, find?: string) => void };

/** Ctrl/Cmd+K: jump to a note by name, or to a passage found in the vault's text. Keyboard only works. */
export function CommandPalette({ open, onOpenChange, onOpen }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = usePaletteResults(query);
  const items: Item[] = [
    // Notes first; other files (images, PDFs) found by name come after them, under their own heading.
    ...results.names.filter((e) => e.kind === 'note').map((e): Item => ({ id: `name-${e.path}`, path: e.path, title: basename(e.path), detail: dirname(e.path), kind: 'name' })),
    ...results.names.filter((e) => e.kind !== 'note').map((e): Item => ({ id: `file-${e.path}`, path: e.path, title: basename(e.path), detail: dirname(e.path), kind: 'file' })),
    ...results.hits.map((h): Item => ({
      id: `text-${h.path}`,
      path: h.path,
      title: h.title || basename(h.path),
      // Where in the note: the heading path of its best passage, small, after the path.
      detail: [h.page ? `${h.path} p. ${h.page}` : h.path, formatHeadingPath(h.passage)].filter(Boolean).join(' · '),
      snippet: plainSnippet(h.snippet ?? ''),
      ...(h.page ? { page: h.page } : {}),
      kind: 'text',
    })),
  ];
  // New results put the cursor back on the first; closing forgets the query. Adjusted while
  // rendering, so no frame ever shows a stale cursor or query.
  const [shown, setShown] = useState({ results, open });
  if (shown.results !== results || shown.open !== open) {
    setShown({ results, open });
    if (shown.results !== results) setActive(0);
    if (!open) setQuery('');
  }

  const choose = (item: Item | undefined) => {
    if (!item) return;
    // A passage in a PDF: the PDF itself, at its page, in the browser's viewer (a tab of its own).
    if (item.page) window.open(rawUrl(item.path, item.page), '_blank', 'noopener');
    else onOpen(item.path, item.kind === 'text' ? query.trim() : undefined);
    onOpenChange(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((i) => Math.min(items.length - 1, i + 1)),
      ArrowUp: () => setActive((i) => Math.max(0, i - 1)),
      Enter: () => choose(items[active]),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  // Block body: scrollIntoView returns a promise in recent Chromium, which React would take for a cleanup.
  useEffect(() => {
    document.getElementById(`palette-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const names = items.filter((i) => i.kind === 'name');
  const files = items.filter((i) => i.kind === 'file');
  const texts = items.filter((i) => i.kind === 'text');
  const terms = findTerms(results.query);
  const row = (item: Item) => {
    const index = items.indexOf(item);
    const Icon = item.kind === 'name' ? FileText : item.kind === 'file' ? FileIcon : TextSearch;
    return (
      <li
        key={item.id}
        id={`palette-${index}`}
        role="option"
        aria-selected={index === active}
        onMouseMove={() => setActive(index)}
        onClick={() => choose(item)}
        className={cn('flex cursor-pointer gap-2.5 rounded-lg px-3 py-2 max-md:min-h-11', index === active && 'bg-selected')}
      >
        <Icon aria-hidden size={15} className="mt-0.5 shrink-0 text-muted" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className="truncate text-[13.5px] font-medium">
              <Marked text={item.title} terms={terms} />
            </span>
            {item.detail && (
              <span className="truncate text-xs text-muted">
                <Marked text={item.detail} terms={terms} />
              </span>
            )}
          </span>
          {item.snippet && (
            <span className="mt-0.5 line-clamp-2 text-[12.5px] text-muted">
              <Marked text={item.snippet} terms={terms} />
            </span>
          )}
        </span>
      </li>
    );
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-[8vh] left-1/2 z-50 flex max-h-[80vh] w-[min(94vw,620px)] -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-line bg-raised shadow-card focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Find in the vault</RadixDialog.Title>
          <div className="flex items-center gap-2.5 border-b border-line px-4">
            <Search aria-hidden size={16} className="shrink-0 text-muted" />
            <input
              autoFocus
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
              role="combobox"
              aria-expanded={items.length > 0}
              aria-controls="palette-results"
              aria-activedescendant={items[active] ? `palette-${active}` : undefined}
              aria-label="Find a note by name or text"
              placeholder="Find a note by name or text…"
              className="h-12 min-w-0 flex-1 bg-transparent text-[15px] placeholder:text-muted focus:outline-none"
            />
            <Kbd>Esc</Kbd>
          </div>
          <div className="min-h-0 overflow-y-auto p-2">
            <ul id="palette-results" role="listbox" aria-label="Results">
              {names.length > 0 && <GroupLabel>Notes</GroupLabel>}
              {names.map(row)}
              {files.length > 0 && <GroupLabel>Other files</GroupLabel>}
              {files.map(row)}
              {texts.length > 0 && <GroupLabel>In the text</GroupLabel>}
              {texts.map(row)}
            </ul>
            {results.partial && results.query === query.trim() && <PartialResultsNote />}
            {query.trim() && !results.searching && results.query === query.trim() && items.length === 0 && (
              <p className="px-3 py-6 text-center text-[13px] text-muted">{results.problem ? results.problem.message : `Nothing matches “${query.trim()}”.`}</p>
            )}
            {!query.trim() && <p className="px-3 py-6 text-center text-[13px] text-muted">Type a note's name or words from its text. ↑ ↓ to move, Enter to open.</p>}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Snippets are raw markdown lines: drop heading marks and emphasis so they read as text. */
const plainSnippet = (snippet: string) =>
  snippet
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[*_`]{1,2}/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const GroupLabel = ({ children }: { children: string }) => (
  <li role="presentation" className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wider text-muted uppercase">
    {children}
  </li>
);

/** The text with the words searched for marked (case-insensitive, any script). */
function Marked({ text, terms }: { text: string; terms: readonly string[] }) {
  if (terms.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-highlight px-0.5 text-fg">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
