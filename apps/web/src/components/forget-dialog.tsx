import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { postForget, type ForgetReport, type ForgetTarget } from '../lib/api';
import { ForgetReportList } from './forget-report';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { Spinner } from './ui/spinner';

/** What the dialog forgets: a text the person types, or these files of the vault. */
export type ForgetAsk = { kind: 'text' } | { kind: 'files'; paths: string[] };

/** Shorter would match everywhere (the service refuses it too, and says so). */
const MIN_TEXT_CHARS = 4;

type Step = { at: 'ask' } | { at: 'busy'; dryRun: boolean } | { at: 'preview' | 'done'; report: ForgetReport };

/**
 * Forgetting from the app: the dry run first (what would change, never the text itself), then
 * the forget on the person's word. A backup waits afterwards; the app's banner confirms it.
 */
export function ForgetDialog({ ask, onClose }: { ask: ForgetAsk | null; onClose: () => void }) {
  return (
    <Dialog
      open={ask !== null}
      onOpenChange={(open) => !open && onClose()}
      title={ask?.kind === 'files' ? 'Forget this file' : 'Forget a text'}
      description="Takes it out of the vault and out of every version the history keeps. A backup waits until you confirm."
      className="w-[min(94vw,560px)]"
    >
      {/* Keyed by what is asked: another file opens a fresh dialog. */}
      {ask && <ForgetSteps key={ask.kind === 'files' ? ask.paths.join('\n') : 'text'} ask={ask} onClose={onClose} />}
    </Dialog>
  );
}

function ForgetSteps({ ask, onClose }: { ask: ForgetAsk; onClose: () => void }) {
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>({ at: 'ask' });
  const [problem, setProblem] = useState<string | null>(null);
  const target: ForgetTarget = ask.kind === 'files' ? { paths: ask.paths } : { text };
  const ready = ask.kind === 'files' || text.trim().length >= MIN_TEXT_CHARS;

  const run = async (dryRun: boolean) => {
    setProblem(null);
    setStep({ at: 'busy', dryRun });
    const result = await postForget(target, dryRun);
    if (!result.ok) {
      setProblem(result.problem.message);
      setStep({ at: 'ask' });
      return;
    }
    setStep({ at: dryRun ? 'preview' : 'done', report: result.value });
    // Once forgotten, the text has no business staying in the page.
    if (!dryRun) setText('');
  };

  return (
    <div className="flex flex-col gap-3 text-[13px]">
      {ask.kind === 'text' ? (
        <label className="flex flex-col gap-1.5">
          <span className="text-muted">The text, exactly as you sent it (whitespace may differ):</span>
          <textarea
            autoFocus
            value={text}
            disabled={step.at === 'busy' || step.at === 'done'}
            onChange={(event) => {
              setText(event.target.value);
              if (step.at === 'preview') setStep({ at: 'ask' });
            }}
            autoComplete="off"
            spellCheck={false}
            rows={3}
            className="w-full resize-y rounded-lg border border-line bg-canvas px-3 py-2 font-mono text-[13px] focus:border-accent focus:outline-none"
          />
        </label>
      ) : (
        <p>
          <code className="rounded bg-hover px-1 py-0.5 break-all">{ask.paths.join(', ')}</code> goes from the vault and from every commit of the history.
        </p>
      )}

      {problem && (
        <p role="alert" className="text-danger">
          {problem}
        </p>
      )}
      {(step.at === 'preview' || step.at === 'done') && <ForgetReportList report={step.report} />}

      <div className="flex justify-end gap-2">
        {step.at === 'done' ? (
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            {step.at === 'preview' && step.report.status === 'dry_run' ? (
              <Button variant="primary" onClick={() => void run(false)}>
                <Eraser aria-hidden size={14} /> Forget
              </Button>
            ) : (
              <Button variant="secondary" disabled={!ready || step.at === 'busy' || step.at === 'preview'} onClick={() => void run(true)}>
                {step.at === 'busy' ? <Spinner className="size-3.5" /> : null} {step.at === 'busy' && !step.dryRun ? 'Forgetting…' : 'Show what would change'}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
