import { AlertCircle, Layers, PenLine, Reply, Search, X } from 'lucide-react';
import type { ComposerMode } from '../hooks/use-composer-mode';
import type { InboxRef } from '../lib/activity';
import { cn } from '../lib/cn';
import { humanError } from '../lib/human-error';
import type { Segment } from './ui/segmented-control';

export const modeLook: Record<ComposerMode, { label: string; placeholder: string; send: string; frame: string; button: string }> = {
  update: {
    label: 'Update: tell Knower something',
    placeholder: 'Tell Knower something — or paste a link, drop a file…',
    send: 'Send update',
    frame: 'border-line focus-within:border-update/55 focus-within:ring-4 focus-within:ring-update/10',
    button: 'bg-update text-on-accent',
  },
  search: {
    label: 'Search: ask your vault',
    placeholder: 'Ask your vault a question…',
    send: 'Ask',
    frame: 'border-search/40 focus-within:border-search/60 focus-within:ring-4 focus-within:ring-search/10',
    button: 'bg-search text-on-accent',
  },
  answer: {
    label: 'Reply to the inbox item',
    placeholder: 'Tell the agent what to do with it…',
    send: 'Send reply',
    frame: 'border-answer/50 focus-within:border-answer/70 focus-within:ring-4 focus-within:ring-answer/12',
    button: 'bg-answer text-on-answer',
  },
};

export function modeSegments(answering: boolean): Array<Segment<ComposerMode>> {
  const segments: Array<Segment<ComposerMode>> = [
    { value: 'update', label: 'Update', icon: <PenLine size={12} />, activeClass: 'text-update' },
    { value: 'search', label: 'Search', icon: <Search size={12} />, activeClass: 'text-search' },
  ];
  if (answering) segments.push({ value: 'answer', label: 'Answering', icon: <Reply size={12} />, activeClass: 'text-answer' });
  return segments;
}

export function AnsweringBar({ item, onCancel, disabled }: { item: InboxRef; onCancel: () => void; disabled: boolean }) {
  return (
    <div className="flex items-center gap-2 border-b border-answer/20 bg-answer/8 py-1.5 pr-1.5 pl-4 text-[12.5px]">
      <Reply aria-hidden size={14} className="shrink-0 text-answer" />
      <span className="shrink-0 font-semibold text-fg">Answering</span>
      <span className="min-w-0 truncate text-fg/85">{item.title}</span>
      <span className="ml-auto hidden shrink-0 text-[11px] text-faint sm:inline">Esc to cancel</span>
      <button
        type="button"
        onClick={onCancel}
        disabled={disabled}
        aria-label="Stop answering"
        className="flex size-6 shrink-0 items-center justify-center rounded-md text-muted hover:bg-answer/15 hover:text-fg max-md:size-11"
      >
        <X size={14} />
      </button>
    </div>
  );
}

export function ComposerNotice({ error, notice }: { error: string | null; notice: string | null }) {
  const message = error ? humanError(error).headline : notice;
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 flex items-center gap-1.5 px-1 text-[12.5px] text-danger">
      <AlertCircle aria-hidden size={14} className="shrink-0" />
      {message}
    </p>
  );
}

export function DeepToggle({ deep, onToggle }: { deep: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={deep}
      onClick={onToggle}
      title="Deep search: query expansion, vectors and reranking (slower)"
      className={cn(
        'inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium transition-colors max-md:h-11 max-md:px-3',
        deep ? 'bg-search/12 text-search' : 'text-muted hover:bg-hover',
      )}
    >
      <Layers size={13} /> Deep
    </button>
  );
}
