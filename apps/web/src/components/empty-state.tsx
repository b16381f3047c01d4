import type { ReactNode } from 'react';

type EmptyStateProps = { icon: ReactNode; title: string; body?: ReactNode; children?: ReactNode };

export function EmptyState({ icon, title, body, children }: EmptyStateProps) {
  return (
    <div className="flex h-full min-h-64 flex-col items-center justify-center px-8 py-16 text-center">
      <div className="mb-4 flex size-11 items-center justify-center rounded-xl border border-line bg-raised text-muted shadow-card">{icon}</div>
      <h2 className="text-[15px] font-semibold">{title}</h2>
      {body && <p className="mt-1.5 max-w-sm text-[13px] leading-relaxed text-muted">{body}</p>}
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}
