import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Tooltip } from './tooltip';

type IconButtonProps = Omit<ComponentProps<'button'>, 'aria-label'> & {
  /** Read by screen readers and shown as the tooltip. */
  label: string;
  shortcut?: string;
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left';
  children: ReactNode;
};

export function IconButton({ label, shortcut, tooltipSide, className, children, ...rest }: IconButtonProps) {
  const content = shortcut ? (
    <span className="flex items-center gap-2">
      {label}
      <span className="font-mono text-[11px] opacity-80">{shortcut}</span>
    </span>
  ) : (
    label
  );
  return (
    <Tooltip content={content} side={tooltipSide ?? 'top'}>
      <button
        type="button"
        aria-label={label}
        className={cn(
          // 44 px to the finger on a phone (WCAG 2.5.5); compact where a pointer aims.
          'inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted transition-colors max-md:size-11',
          'hover:bg-hover hover:text-fg disabled:pointer-events-none disabled:opacity-40',
          className,
        )}
        {...rest}
      >
        {children}
      </button>
    </Tooltip>
  );
}
