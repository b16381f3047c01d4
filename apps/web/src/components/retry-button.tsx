import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button';

type RetryButtonProps = {
  /** Resolves to an error message, or null when the retry was taken. */
  onRetry: () => Promise<string | null>;
  label?: string;
  busyLabel?: string;
};

/** Retry for something that failed: busy while it is sent, and says why if it is refused. */
export function RetryButton({ onRetry, label = 'Retry', busyLabel = 'Retrying…' }: RetryButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setBusy(true);
    setError(null);
    const problem = await onRetry();
    setBusy(false);
    setError(problem);
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => void retry()} disabled={busy}>
        <RotateCw aria-hidden size={13} className={busy ? 'animate-spin' : undefined} /> {busy ? busyLabel : label}
      </Button>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
