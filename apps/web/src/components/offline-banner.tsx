import { RotateCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { StreamState } from '../hooks/use-event-stream';

// A blip (a restart that takes a second) should not flash a banner.
const GRACE_MS = 1500;

/** A clear, top-of-view notice while the service cannot be reached; it goes away by itself on reconnect. */
export function OfflineBanner({ stream, onRetry }: { stream: StreamState; onRetry: () => void }) {
  const down = stream !== 'live';
  // Set once the grace period of the current outage has run out; a reconnect hides the banner at once.
  const [graceOver, setGraceOver] = useState(false);
  useEffect(() => {
    if (!down) return;
    const timer = setTimeout(() => setGraceOver(true), GRACE_MS);
    return () => {
      clearTimeout(timer);
      setGraceOver(false);
    };
  }, [down]);
  if (!down || !graceOver) return null;
  return (
    <div role="alert" className="flex shrink-0 items-center gap-3 border-b border-danger/40 bg-danger-soft px-4 py-2.5 text-[13px] text-fg md:px-6">
      <WifiOff aria-hidden size={16} className="shrink-0 text-danger" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Knower can't be reached.</strong> Reconnecting by itself; what you see reloads when it is back.
      </p>
      <button type="button" onClick={onRetry} className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-line-strong bg-raised px-2.5 py-1 text-xs font-medium hover:bg-hover">
        <RotateCw aria-hidden size={13} /> Retry now
      </button>
    </div>
  );
}
