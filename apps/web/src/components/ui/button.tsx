import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-accent text-on-accent hover:brightness-110 shadow-sm',
  answer: 'bg-answer text-on-answer hover:brightness-110 shadow-sm',
  secondary: 'border border-line bg-raised text-fg hover:bg-hover shadow-sm',
  ghost: 'text-muted hover:bg-hover hover:text-fg',
} as const;

type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof variants; size?: 'sm' | 'md' };

/** Button looks, also for links that act as buttons (downloads). */
export const buttonClass = (variant: keyof typeof variants = 'secondary', size: 'sm' | 'md' = 'md', className?: string) =>
  cn(
    'inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition',
    'disabled:pointer-events-none disabled:opacity-50',
    // 44 px tall to the finger on a phone; compact where a pointer aims.
    size === 'sm' ? 'h-7 px-2.5 text-xs max-md:h-11 max-md:px-3.5' : 'h-8 px-3 text-[13px] max-md:h-11',
    variants[variant],
    className,
  );

export function Button({ variant = 'secondary', size = 'md', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
