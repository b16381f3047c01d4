import { AlertTriangle, Eraser, FileQuestion, History, ListTree, RotateCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useMediaQuery } from '../hooks/use-media-query';
import { useNote, type NoteState } from '../hooks/use-note';
import type { TreeEntry } from '../lib/api';
import { formatRelative, formatTokens } from '../lib/format';
import { clearPassage, findTerms, showPassage } from '../lib/find-passage';
import { outlineOf, type OutlineEntry } from '../lib/outline';
import { isMarkdownPath } from '../lib/vault-path';
import { Backlinks } from './backlinks';
import { CopyButton } from './copy-button';
import { EmptyState } from './empty-state';
import { FileAsset } from './file-asset';
import { FrontmatterFields } from './frontmatter-fields';
import { MarkdownView, scrollToHeading } from './markdown-view';
import { NoteHistory } from './note-history';
import { NoteOutline } from './note-outline';
import { PathCrumbs } from './path-crumbs';
import { Button } from './ui/button';
import { IconButton } from './ui/icon-button';

type FileViewProps = {
  path: string;
  heading?: string | undefined;
  find?: string | undefined;
  revision: number;
  entry: TreeEntry | undefined;
  /** Opens the dialog that forgets this file (from the vault and its history). */
  onForget: (path: string) => void;
};

/** One vault file, read-only. Notes render as markdown and reload live when changed on disk. */
export function FileView({ path, heading, find, revision, entry, onForget }: FileViewProps) {
  const isNote = entry ? entry.kind === 'note' : isMarkdownPath(path);
  return isNote ? (
    <NoteView path={path} heading={heading} find={find} revision={revision} onForget={onForget} />
  ) : (
    <Frame path={path} meta={entry} onForget={onForget}>
      {<FileAsset path={path} entry={entry} />}
    </Frame>
  );
}

type FrameProps = {
  path: string;
  meta: { tokens?: number | null; updated?: string | null } | undefined;
  /** Notes have a history: the header then offers it. */
  history?: { shown: boolean; toggle: () => void };
  /** A note with headings has an outline, which the header shows or hides. */
  outline?: { shown: boolean; toggle: () => void } | undefined;
  /** A note's text, for its copy button. */
  markdown?: string | undefined;
  onForget: (path: string) => void;
  children: React.ReactNode;
};

function Frame({ path, meta, history, outline, markdown, onForget, children }: FrameProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-line px-4 md:px-6">
        <PathCrumbs path={path} />
        <span className="ml-auto" />
        <FileMeta meta={meta} />
        {outline && (
          <IconButton label="Outline" aria-pressed={outline.shown} onClick={outline.toggle} tooltipSide="bottom" className={outline.shown ? 'bg-selected text-fg' : undefined}>
            <ListTree size={15} />
          </IconButton>
        )}
        {history && (
          <IconButton label="History of this note" aria-pressed={history.shown} onClick={history.toggle} tooltipSide="bottom" className={history.shown ? 'bg-selected text-fg' : undefined}>
            <History size={15} />
          </IconButton>
        )}
        {markdown !== undefined && <CopyButton text={() => markdown} label="Copy the note's markdown" />}
        <CopyButton text={() => path} label="Copy path" />
        <IconButton label="Forget this file…" onClick={() => onForget(path)} tooltipSide="bottom">
          <Eraser size={15} />
        </IconButton>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto" tabIndex={0} role="region" aria-label={history?.shown ? `History of ${path}` : `Content of ${path}`}>
        {children}
      </div>
    </div>
  );
}

type NoteViewProps = { path: string; heading: string | undefined; find: string | undefined; revision: number; onForget: (path: string) => void };

function NoteView({ path, heading, find, revision, onForget }: NoteViewProps) {
  const state = useNote(path, revision);
  const ready = state.status === 'ready';
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const outline = useMemo(() => (state.status === 'ready' ? outlineOf(state.note.body) : []), [state]);
  // A long note opens with its outline beside it where there is room for it.
  const roomy = useMediaQuery('(min-width: 1280px)');
  const [outlineChoice, setOutlineChoice] = useState<boolean | null>(null);
  const outlineShown = outline.length > 0 && (outlineChoice ?? (roomy && outline.length >= 3));
  // Another note opens on its content, not on the history the previous one showed.
  const shown = historyOf === path;
  // A link to a heading ([[Note#Beds]]) lands on it once the note is on screen.
  useEffect(() => {
    if (ready && heading) requestAnimationFrame(() => scrollToHeading(heading));
  }, [ready, heading, path]);
  // Opened from a text search: at the passage, with the words highlighted.
  useEffect(() => {
    if (!ready || !find) return;
    const frame = requestAnimationFrame(() => {
      const article = document.querySelector<HTMLElement>(`article[aria-label="${CSS.escape(path)}"]`);
      if (article) showPassage(article, findTerms(find));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearPassage();
    };
  }, [ready, find, path]);
  return (
    <Frame
      path={path}
      meta={ready ? state.note : undefined}
      markdown={ready ? state.note.body : undefined}
      onForget={onForget}
      history={{ shown, toggle: () => setHistoryOf(shown ? null : path) }}
      outline={outline.length > 0 && !shown ? { shown: outlineShown, toggle: () => setOutlineChoice(!outlineShown) } : undefined}
    >
      {shown ? <NoteHistory path={path} revision={revision} /> : <NoteBody path={path} state={state} revision={revision} outline={outlineShown ? outline : null} />}
    </Frame>
  );
}

type NoteBodyProps = { path: string; state: NoteState & { retry: () => void }; revision: number; outline: readonly OutlineEntry[] | null };

function NoteBody({ path, state, revision, outline }: NoteBodyProps) {
  if (state.status === 'loading') return <NoteSkeleton />;
  if (state.status === 'error') {
    const missing = state.problem.code === 'not_found';
    // "No longer" only for a note that was on screen; a link or an address may name a file that never was.
    const title = !missing ? "Couldn't open this file" : state.wasShown ? 'This file is no longer in the vault' : 'There is no file at this path';
    const body = !missing
      ? state.problem.message
      : state.wasShown
        ? 'It was moved or deleted, by you or by the update agent.'
        : `Nothing in the vault is at ${path}. It may have been moved or deleted, or the link may be mistyped.`;
    return (
      <EmptyState icon={<FileQuestion size={20} />} title={title} body={body}>
        {!missing && (
          <Button onClick={state.retry}>
            <RotateCw size={14} /> Retry
          </Button>
        )}
      </EmptyState>
    );
  }
  const { note, reloadedAt } = state;
  return (
    <div className="mx-auto flex max-w-[1120px] items-start justify-center gap-6">
      <article className="min-w-0 max-w-[760px] flex-1 px-4 pt-6 pb-16 md:px-10 md:pt-8" aria-label={path}>
        {outline && <NoteOutline entries={outline} className="mb-6 rounded-lg border border-line p-3 xl:hidden" />}
        {reloadedAt !== undefined && <ReloadedNotice key={reloadedAt} />}
        {note.malformed && (
          <p role="alert" className="mb-5 flex items-start gap-2 rounded-lg border border-answer/30 bg-answer/8 px-3 py-2 text-[13px] text-fg">
            <AlertTriangle aria-hidden size={15} className="mt-0.5 shrink-0 text-answer" />
            <span>The frontmatter of this note could not be parsed ({note.malformed}). It is shown as it is on disk.</span>
          </p>
        )}
        <FrontmatterFields frontmatter={note.frontmatter} />
        <MarkdownView source={note.body} basePath={path} links={note.links} />
        <Backlinks path={path} revision={revision} />
      </article>
      {outline && <NoteOutline entries={outline} className="sticky top-0 hidden max-h-[calc(100dvh-10rem)] w-56 shrink-0 overflow-y-auto pt-8 pr-4 xl:block" />}
    </div>
  );
}

function FileMeta({ meta }: { meta: { tokens?: number | null; updated?: string | null } | undefined }) {
  if (!meta) return null;
  return (
    <span className="hidden items-center gap-3 text-xs text-muted md:flex">
      {meta.tokens ? <span className="tabular-nums">{formatTokens(meta.tokens)} tokens</span> : null}
      {meta.updated ? <span>Updated {formatRelative(meta.updated)}</span> : null}
    </span>
  );
}

const ReloadedNotice = () => (
  <p
    role="status"
    className="pointer-events-none sticky top-3 z-10 float-right -mb-6 rounded-full border border-line bg-raised px-2.5 py-0.5 text-xs text-muted shadow-card animate-[rise_180ms_ease-out,fade-out_0.6s_ease-in_2.5s_forwards]"
  >
    Updated on disk just now
  </p>
);

const NoteSkeleton = () => (
  <div role="status" aria-label="Loading the note" className="mx-auto max-w-[760px] space-y-3 px-4 pt-10 md:px-10">
    <div className="h-7 w-1/2 animate-pulse rounded bg-hover" />
    {[92, 85, 96, 60].map((w, i) => (
      <div key={i} className="h-3.5 animate-pulse rounded bg-hover" style={{ width: `${w}%` }} />
    ))}
  </div>
);
