import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type Segment<T extends string> = { value: T; label: string; icon?: ReactNode; activeClass: string };

type SegmentedControlProps<T extends string> = {
  label: string;
  value: T;
  segments: ReadonlyArray<Segment<T>>;
  onChange: (value: T) => void;
  disabled?: boolean;
};

/** A radio group styled as a segmented control; arrow keys move the choice (WAI-ARIA radio). */
export function SegmentedControl<T extends string>({ label, value, segments, onChange, disabled }: SegmentedControlProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + segments.length) % segments.length;
    onChange(segments[next]!.value);
    refs.current[next]?.focus();
  };

  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-lg border border-line bg-sunken p-0.5">
      {segments.map((segment, index) => {
        const checked = segment.value === value;
        return (
          <button
            key={segment.value}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(segment.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'inline-flex h-6 items-center gap-1.5 rounded-md px-2 text-xs font-medium transition-colors disabled:opacity-50 max-md:h-11 max-md:px-3',
              checked ? cn('bg-raised shadow-sm', segment.activeClass) : 'text-muted hover:text-fg',
            )}
          >
            {segment.icon}
            {segment.label}
          </button>
        );
      })}
    </div>
  );
}
