import { Mic, Square, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { RecorderState } from '../hooks/use-voice-recorder';
import { formatElapsed } from '../lib/voice-note';
import { Spinner } from './ui/spinner';
import { IconButton } from './ui/icon-button';

/** The composer's microphone: starts a voice note; while one is recorded, stops it (it becomes an attachment). */
export function RecordButton({ state, disabled, onStart, onStop }: { state: RecorderState; disabled: boolean; onStart: () => void; onStop: () => void }) {
  if (state.phase === 'recording') {
    return (
      <button
        type="button"
        aria-label="Stop recording"
        title="Stop recording"
        onClick={onStop}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-danger text-on-accent shadow-sm transition hover:brightness-110 max-md:size-11"
      >
        <Square size={12} fill="currentColor" />
      </button>
    );
  }
  return (
    <IconButton label="Record a voice note" disabled={disabled || state.phase === 'starting'} onClick={onStart}>
      {state.phase === 'starting' ? <Spinner className="size-4" /> : <Mic size={16} />}
    </IconButton>
  );
}

/** Above the text while recording: that it records, for how long, and a way to throw it away. */
export function RecordingBar({ since, onDiscard }: { since: number; onDiscard: () => void }) {
  const now = useNow(since);
  return (
    <div className="flex items-center gap-2 border-b border-danger/20 bg-danger-soft py-1.5 pr-1.5 pl-4 text-[12.5px]">
      <span aria-hidden className="size-2 shrink-0 animate-pulse rounded-full bg-danger" />
      <span className="font-semibold text-fg">Recording</span>
      <span role="timer" aria-label="Recorded so far" className="font-mono text-fg/85 tabular-nums">
        {formatElapsed(now - since)}
      </span>
      <span className="ml-auto hidden shrink-0 text-[11px] text-muted sm:inline">Stop to attach it</span>
      <IconButton label="Discard the recording" onClick={onDiscard}>
        <Trash2 size={14} />
      </IconButton>
    </div>
  );
}

/** The time, every half second (the elapsed time on screen follows the recording). */
function useNow(since: number): number {
  const [now, setNow] = useState(since);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [since]);
  return now;
}
