import { cn } from '../../lib/cn';

export const Spinner = ({ className }: { className?: string }) => (
  <span aria-hidden className={cn('inline-block size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent', className)} />
);
