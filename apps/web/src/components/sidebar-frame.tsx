import * as RadixDialog from '@radix-ui/react-dialog';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { SIDEBAR_MAX, SIDEBAR_MIN } from '../hooks/use-sidebar-width';

type ColumnProps = { width: number; onResize: (width: number) => void; children: ReactNode };

/** Wide screens: the sidebar as a column whose right edge can be dragged (or moved with the arrow keys). */
export function SidebarColumn({ width, onResize, children }: ColumnProps) {
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const move = (e: globalThis.PointerEvent) => onResize(width + e.clientX - startX);
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 64 : 16;
    const next = { ArrowLeft: width - step, ArrowRight: width + step, Home: SIDEBAR_MIN, End: SIDEBAR_MAX }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onResize(next);
  };
  return (
    <aside aria-label="Sidebar" style={{ width }} className="relative flex shrink-0 flex-col border-r border-line bg-sidebar">
      {children}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the sidebar"
        aria-valuenow={width}
        aria-valuemin={SIDEBAR_MIN}
        aria-valuemax={SIDEBAR_MAX}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onDoubleClick={() => onResize(288)}
        className="absolute inset-y-0 -right-1 z-20 w-2 cursor-col-resize touch-none transition-colors hover:bg-accent/30 focus-visible:bg-accent/40"
      />
    </aside>
  );
}

type DrawerProps = { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode };

/** Narrow screens: the sidebar slides in over the view (focus kept inside, Esc or a tap outside closes it). */
export function SidebarDrawer({ open, onOpenChange, children }: DrawerProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          // Focus the drawer itself, not its first button: that one has a tooltip, which would
          // open and take the first Escape meant for the drawer.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-[min(88vw,340px)] bg-sidebar shadow-card animate-rise focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Sidebar</RadixDialog.Title>
          <aside aria-label="Sidebar" className="h-full">
            {children}
          </aside>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
