import type { Hunk } from '../lib/api';
import { cn } from '../lib/cn';

type DiffHunksProps = {
  hunks: readonly Hunk[];
  /** Names the scrollable box for screen readers ("Changes in …"). */
  label: string;
  binary?: boolean | null | undefined;
  tooLarge?: boolean | null | undefined;
  /** Said when there is no text difference (a move, or only metadata changed). */
  unchanged?: string;
};

/**
 * A diff as a person reads it: word by word where the server gave the words (`?words=true`),
 * line by line otherwise. Removed text is struck through, added text underlined.
 */
export function DiffHunks({ hunks, label, binary, tooLarge, unchanged = 'No change to the text.' }: DiffHunksProps) {
  if (binary) return <Note>Not a text file: there is nothing to compare word by word.</Note>;
  if (tooLarge) return <Note>Too large to show here.</Note>;
  if (hunks.length === 0) return <Note>{unchanged}</Note>;
  return (
    <div role="region" aria-label={label} tabIndex={0} className="mt-1.5 max-h-96 overflow-auto rounded-lg border border-line bg-sunken font-mono text-[12.5px] leading-relaxed">
      {hunks.map((hunk, i) => (
        <div key={i} className={cn('px-3 py-2', i > 0 && 'border-t border-line')}>
          <p className="mb-1 font-sans text-[11px] text-muted">{lineRange(hunk)}</p>
          {hunk.words ? <Words words={hunk.words} /> : <Lines lines={hunk.lines} />}
        </div>
      ))}
    </div>
  );
}

function Words({ words }: { words: NonNullable<Hunk['words']> }) {
  return (
    <p className="break-words whitespace-pre-wrap text-fg">
      {words.map((part, i) =>
        part.op === '=' ? (
          <span key={i}>{part.text}</span>
        ) : part.op === '+' ? (
          <ins key={i} className="rounded-sm bg-ins decoration-success/60">
            {part.text}
          </ins>
        ) : (
          <del key={i} className="rounded-sm bg-del decoration-danger/70">
            {part.text}
          </del>
        ),
      )}
    </p>
  );
}

function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <div className="text-fg">
      {lines.map((line, i) => {
        const mark = line[0];
        const Tag = mark === '+' ? 'ins' : mark === '-' ? 'del' : 'div';
        return (
          <Tag key={i} className={cn('block whitespace-pre-wrap [overflow-wrap:anywhere]', mark === '+' && 'bg-ins no-underline', mark === '-' && 'bg-del line-through decoration-danger/60')}>
            <span aria-hidden className="inline-block w-4 text-muted select-none">
              {mark === ' ' ? '' : mark}
            </span>
            {line.slice(1) || ' '}
          </Tag>
        );
      })}
    </div>
  );
}

function lineRange(hunk: Hunk): string {
  const [start, count] = hunk.new_lines > 0 ? [hunk.new_start, hunk.new_lines] : [hunk.old_start, hunk.old_lines];
  return count <= 1 ? `Line ${start}` : `Lines ${start}–${start + count - 1}`;
}

const Note = ({ children }: { children: string }) => <p className="mt-1.5 rounded-lg bg-sunken px-3 py-2 text-xs text-muted">{children}</p>;
