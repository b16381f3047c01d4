import { Eraser, X } from 'lucide-react';
import { useState } from 'react';
import { confirmForget, restoreForget, type ForgetStatus } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { Spinner } from './ui/spinner';

type Props = { backup: ForgetStatus['backup']; onChanged: () => void };

/**
 * While a forget's backup waits: Confirm drops it for good (asked twice: nothing brings it back),
 * Restore puts everything back as it was. What the service says of it stays until dismissed.
 */
export function ForgetBanner({ backup, onChanged }: Props) {
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);

  const act = async (action: typeof confirmForget | typeof restoreForget) => {
    setBusy(true);
    const result = await action();
    setBusy(false);
    setSure(false);
    setSaid(result.ok ? { text: result.value.message, problem: false } : { text: result.problem.message, problem: true });
    onChanged();
  };

  if (!backup) {
    if (!said) return null;
    return (
      <div role="status" className="flex shrink-0 items-start gap-2.5 border-b border-line bg-sunken px-4 py-2.5 text-[13px] md:px-6">
        <Eraser aria-hidden size={15} className="mt-0.5 shrink-0 text-muted" />
        <p className="min-w-0 flex-1">{said.text}</p>
        <button type="button" aria-label="Dismiss" onClick={() => setSaid(null)} className="rounded p-0.5 text-muted hover:text-fg">
          <X size={15} />
        </button>
      </div>
    );
  }
  const button = 'inline-flex shrink-0 items-center gap-1.5 rounded-md border border-line-strong bg-raised px-2.5 py-1 text-xs font-medium hover:bg-hover disabled:opacity-50';
  return (
    <div role="region" aria-label="Forget backup" className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-line bg-sunken px-4 py-2.5 text-[13px] md:px-6">
      <Eraser aria-hidden size={15} className="shrink-0 text-muted" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">A backup of what you forgot waits</strong>
        {backup.at ? ` (since ${formatDateTime(backup.at)})` : ''}. Check the vault, then drop it for good or put it back.
        {said?.problem && <span className="block text-danger">{said.text}</span>}
      </p>
      {busy && <Spinner className="size-3.5" />}
      {sure ? (
        <>
          <button type="button" disabled={busy} onClick={() => void act(confirmForget)} className={`${button} text-danger`}>
            Drop it for good
          </button>
          <button type="button" disabled={busy} onClick={() => setSure(false)} className={button}>
            Cancel
          </button>
        </>
      ) : (
        <>
          <button type="button" disabled={busy} onClick={() => setSure(true)} className={button}>
            Confirm…
          </button>
          <button type="button" disabled={busy} onClick={() => void act(restoreForget)} className={button}>
            Restore
          </button>
        </>
      )}
    </div>
  );
}
