import { Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SentFile } from '../lib/activity';
import { kindLabel } from '../lib/attachments';
import { cn } from '../lib/cn';
import { formatBytes, formatRelative } from '../lib/format';
import { shortLink } from '../lib/link-draft';
import { FileKindIcon } from './file-kind-icon';

const modeStyles = {
  update: { label: 'Update', dot: 'bg-update', text: 'text-update' },
  search: { label: 'Search', dot: 'bg-search', text: 'text-search' },
  answer: { label: 'Reply', dot: 'bg-answer', text: 'text-answer' },
} as const;

type UserMessageProps = {
  mode: keyof typeof modeStyles;
  /** Who sent it when it was not this tab (CLI, MCP…). */
  author?: string;
  context?: ReactNode;
  at: string;
  text: string;
  /** The link sent to be clipped. */
  link?: string | null | undefined;
  files?: readonly SentFile[];
  /** What it asked for when it is not words (a transcription). */
  subject?: ReactNode;
};

/** What the user sent, as the first half of an exchange. */
export function UserMessage({ mode, author = 'You', context, at, text, link, files = [], subject }: UserMessageProps) {
  const style = modeStyles[mode];
  return (
    <div className="flex gap-3">
      <Avatar className="bg-hover text-muted">{author.slice(0, 1)}</Avatar>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-faint">
          <span className="font-medium text-fg/90">{author}</span>
          <span className={cn('inline-flex items-center gap-1 font-medium', style.text)}>
            <span className={cn('size-1.5 rounded-full', style.dot)} />
            {style.label}
          </span>
          {context}
          <time dateTime={at} title={new Date(at).toLocaleString()}>
            {formatRelative(at)}
          </time>
        </p>
        {text ? (
          <p className="mt-1 text-[14px] leading-relaxed whitespace-pre-wrap text-fg">{text}</p>
        ) : (
          !link && files.length === 0 && !subject && <p className="mt-1 text-[13px] text-faint italic">No text</p>
        )}
        {subject}
        {(link || files.length > 0) && <SentWith link={link} files={files} />}
      </div>
    </div>
  );
}

const chip = 'inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-md border border-line px-2 py-0.5 text-xs text-muted';

/** The link and the files an update carried, each with its kind. */
function SentWith({ link, files }: { link: string | null | undefined; files: readonly SentFile[] }) {
  return (
    <ul aria-label="Sent with it" className="mt-1.5 flex flex-wrap gap-1.5">
      {link && (
        <li className="max-w-full min-w-0">
          <a href={link} target="_blank" rel="noreferrer noopener" title={link} className={cn(chip, 'hover:border-line-strong hover:text-fg')}>
            <Globe aria-hidden size={13} className="shrink-0" />
            <span className="truncate">{shortLink(link)}</span>
          </a>
        </li>
      )}
      {files.map((file, i) => (
        <li key={`${i}:${file.name}`} className={chip} title={`${file.name} · ${kindLabel(file.kind)} · ${formatBytes(file.size)}`}>
          <FileKindIcon kind={file.kind} size={13} className="shrink-0" />
          <span className="truncate text-fg/85">{file.name}</span>
          <span className="shrink-0 text-faint">
            {kindLabel(file.kind)} · {formatBytes(file.size)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Knower's half of an exchange. */
export function ReplyBlock({ header, children }: { header: ReactNode; children?: ReactNode }) {
  return (
    <div className="mt-4 flex gap-3">
      <Avatar className="bg-accent text-on-accent">K</Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex min-h-6 flex-wrap items-center gap-2 text-xs text-faint">{header}</div>
        {children}
      </div>
    </div>
  );
}

const Avatar = ({ className, children }: { className: string; children: ReactNode }) => (
  <span aria-hidden className={cn('mt-px flex size-6 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold uppercase', className)}>
    {children}
  </span>
);

export const IndeterminateBar = () => (
  <div aria-hidden className="mt-2.5 h-0.5 w-full max-w-64 overflow-hidden rounded-full bg-hover">
    <div className="h-full w-2/5 rounded-full bg-accent animate-indeterminate" />
  </div>
);
