import { AlertTriangle, AudioLines } from 'lucide-react';
import { useState } from 'react';
import type { Transcriber } from '../hooks/use-transcriber';
import type { CaptureOutcome } from '../lib/api';
import { describeCapture, TRANSCRIBER_SETTING } from '../lib/capture-outcome';
import { formatRoute } from '../lib/route';
import { FileKindIcon } from './file-kind-icon';
import { RetryButton } from './retry-button';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * What became of the link and each file an update carried: where it is kept (a click opens it),
 * what was read of it, what went wrong in words, and for audio waiting for a transcriber, a way
 * to transcribe it once one is set up.
 */
type RetryLink = { url: string; onRetry: () => Promise<string | null> };
type CaptureOutcomesProps = { updateId: string; captures: readonly CaptureOutcome[]; transcriber: Transcriber | undefined; retryLink?: RetryLink | undefined };

export function CaptureOutcomes({ updateId, captures, transcriber, retryLink }: CaptureOutcomesProps) {
  return (
    <ul aria-label="Captured" className="mt-3 space-y-2">
      {captures.map((outcome, i) => (
        <CaptureItem key={`${i}:${outcome.source}`} updateId={updateId} outcome={outcome} transcriber={transcriber} retry={retryLink?.url === outcome.source ? retryLink.onRetry : undefined} />
      ))}
    </ul>
  );
}

type CaptureItemProps = { updateId: string; outcome: CaptureOutcome; transcriber: Transcriber | undefined; retry?: (() => Promise<string | null>) | undefined };

function CaptureItem({ updateId, outcome, transcriber, retry }: CaptureItemProps) {
  const view = describeCapture(outcome);
  return (
    <li className="flex gap-2.5 rounded-lg border border-line bg-raised px-3 py-2 text-[13px]">
      <FileKindIcon kind={outcome.kind} size={15} className="mt-0.5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="min-w-0 font-medium [overflow-wrap:anywhere] text-fg">{view.name}</span>
          {view.facts.length > 0 && <span className="text-xs text-muted">{view.facts.join(' · ')}</span>}
        </p>
        {(view.kept || view.note) && (
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted">
            {view.kept && <VaultPathLink label="Kept at" path={view.kept} />}
            {view.note && <VaultPathLink label="Note" path={view.note} />}
          </p>
        )}
        {view.problem && (
          <p className="mt-1 flex items-start gap-1.5 text-[12.5px] text-fg">
            <AlertTriangle aria-hidden size={13} className="mt-0.5 shrink-0 text-answer" />
            <span>{view.problem}</span>
          </p>
        )}
        {view.problem && retry && <RetryButton onRetry={retry} label="Try the link again" busyLabel="Trying again…" />}
        {view.waiting && view.kept && <Waiting updateId={updateId} audio={view.kept} transcriber={transcriber} />}
      </div>
    </li>
  );
}

const VaultPathLink = ({ label, path }: { label: string; path: string }) => (
  <span className="min-w-0">
    {label}{' '}
    <a href={formatRoute({ view: 'file', path })} className="font-medium [overflow-wrap:anywhere] text-accent hover:underline">
      {path}
    </a>
  </span>
);

type Queued = { state: 'idle' } | { state: 'working' } | { state: 'queued' } | { state: 'failed'; problem: string };

const note = (text: string) => <p className="mt-1 text-xs text-muted">{text}</p>;

/**
 * Audio filed without a transcript: the Transcribe button once a transcriber is set up, else
 * the setting to set. The service's list of what waits says when it was transcribed since (or
 * is being), or moved away.
 */
function Waiting({ updateId, audio, transcriber }: { updateId: string; audio: string; transcriber: Transcriber | undefined }) {
  const [queued, setQueued] = useState<Queued>({ state: 'idle' });
  if (!transcriber || transcriber.configured === null || transcriber.waiting === null) return note('Waiting for a transcriber.');
  const waits = transcriber.waiting.find((w) => w.of === updateId && w.audio === audio);
  if (!waits) return note('Transcribed since (or being transcribed): the transcript goes into its note.');
  if (queued.state === 'queued') return note('Transcribing: the transcript is filed as an update of its own, below.');
  if (!waits.present) return note('Moved or deleted since: transcribe it where it is now with knower transcribe and its new path.');
  if (!transcriber.configured) {
    return (
      <p className="mt-1 text-xs text-muted">
        Waiting for a transcriber: none is set up. Set <code className="rounded bg-sunken px-1 font-mono text-[11.5px] text-fg">{TRANSCRIBER_SETTING}</code> to transcribe it.
      </p>
    );
  }
  const transcribe = async () => {
    setQueued({ state: 'working' });
    const problem = await transcriber.transcribe([audio]);
    setQueued(problem ? { state: 'failed', problem } : { state: 'queued' });
  };
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => void transcribe()} disabled={queued.state === 'working'}>
        {queued.state === 'working' ? <Spinner /> : <AudioLines aria-hidden size={13} />} Transcribe
      </Button>
      {queued.state === 'failed' && (
        <span role="alert" className="text-xs text-danger">
          {queued.problem}
        </span>
      )}
    </div>
  );
}
