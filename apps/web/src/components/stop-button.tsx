import { Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button';

type StopButtonProps = {
  /** Resolves to an error message, or null once the work is stopped. */
  onStop: () => Promise<string | null>;
  label: string;
  /** What stopping does, for screen readers and the tooltip. */
  description: string;
};

/** Stops work under way (a question, a queued or running update): busy while asked, says why if refused. */
export function StopButton({ onStop, label, description }: StopButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stop = async () => {
    setBusy(true);
    setError(null);
    const problem = await onStop();
    setBusy(false);
    setError(problem);
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" variant="ghost" onClick={() => void stop()} disabled={busy} title={description}>
        <Square aria-hidden size={11} fill="currentColor" /> {busy ? 'Stopping…' : label}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-danger">
          {error}
        </span>
      )}
    </span>
  );
}
