import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { humanError } from '../lib/human-error';

type ErrorNoticeProps = { raw: string | null | undefined; fallback?: string; children?: ReactNode };

/** A failure as a person reads it: what happened in words, the raw detail behind a disclosure. */
export function ErrorNotice({ raw, fallback, children }: ErrorNoticeProps) {
  const { headline, detail } = humanError(raw, fallback);
  return (
    <div role="alert" className="mt-2 rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 text-[13px] text-fg">
      <p className="flex items-start gap-2">
        <AlertCircle aria-hidden size={15} className="mt-0.5 shrink-0 text-danger" />
        <span>{headline}</span>
      </p>
      {children}
      {detail && (
        <details className="mt-1.5 pl-6 text-muted">
          <summary className="cursor-pointer text-xs font-medium select-none">Details</summary>
          <pre tabIndex={0} className="mt-1 max-h-48 overflow-auto rounded bg-sunken p-2 font-mono text-[11.5px] whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
            {detail}
          </pre>
        </details>
      )}
    </div>
  );
}
