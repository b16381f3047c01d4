import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Hide the title visually (it is still announced), e.g. for an image lightbox. */
  hideTitle?: boolean;
  description?: string;
  className?: string;
  children: ReactNode;
};

export function Dialog({ open, onOpenChange, title, hideTitle, description, className, children }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[2px] animate-rise" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[88vh] w-[min(92vw,480px)] -translate-x-1/2 -translate-y-1/2 overflow-auto',
            'rounded-xl border border-line bg-raised p-5 shadow-card focus:outline-none animate-rise',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={cn('mb-4 flex items-start justify-between gap-4', hideTitle && 'sr-only')}>
            <div>
              <RadixDialog.Title className="text-[15px] font-semibold">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="mt-1 text-[13px] text-muted">{description}</RadixDialog.Description>}
            </div>
          </div>
          {children}
          <RadixDialog.Close aria-label="Close" className="absolute top-3.5 right-3.5 inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg">
            <X size={16} />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
