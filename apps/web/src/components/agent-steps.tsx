import { Check, X } from 'lucide-react';
import type { UpdateStep } from '../lib/api';

const verbs: Record<string, string> = {
  read: 'Read',
  write: 'Wrote',
  edit: 'Edited',
  append: 'Added to',
  delete: 'Deleted',
  move: 'Moved',
  tree: 'Looked through',
  search: 'Searched for',
};

type AgentStepsProps = { steps: readonly UpdateStep[]; total: number; running: boolean; waiting?: boolean };

/**
 * What the update agent did, one tool call per line, as it happens: open while it works, folded
 * into "N steps" once it is done.
 */
export function AgentSteps({ steps, total, running, waiting = false }: AgentStepsProps) {
  const hidden = total - steps.length;
  return (
    // Remounted when the run ends, so it folds then (and stays as the person leaves it after).
    <details key={running ? 'running' : 'finished'} open={running} className="group mt-2 text-[13px]">
      <summary className="cursor-pointer text-xs font-medium text-muted select-none hover:text-fg max-md:flex max-md:min-h-11 max-md:items-center">
        {running ? 'What the agent is doing' : `${total} step${total === 1 ? '' : 's'}`}
      </summary>
      <ol aria-label="Agent steps" className="mt-1.5 space-y-0.5 border-l border-line pl-3">
        {hidden > 0 && (
          <li className="text-xs text-muted">
            {hidden} earlier step{hidden === 1 ? '' : 's'} not shown
          </li>
        )}
        {steps.map((step) => (
          <li key={step.n} className="flex min-w-0 items-start gap-1.5">
            {step.ok ? <Check aria-hidden size={13} className="mt-0.5 shrink-0 text-success" /> : <X aria-hidden size={13} className="mt-0.5 shrink-0 text-danger" />}
            <span className="min-w-0 break-words">
              {!step.ok && <span className="sr-only">Failed: </span>}
              {verbs[step.tool] ?? step.tool} <StepTarget step={step} />
              {step.error && <span className="block text-xs text-muted">{step.error}</span>}
            </span>
          </li>
        ))}
        {running && <li className="text-xs text-muted">{waiting ? 'Waiting for the model to answer again…' : 'Thinking…'}</li>}
      </ol>
    </details>
  );
}

function StepTarget({ step }: { step: UpdateStep }) {
  const mono = 'font-mono text-[12.5px] text-fg/85';
  if (step.query) return <span className={mono}>“{step.query}”</span>;
  if (step.to) {
    return (
      <>
        <span className={mono}>{step.path}</span> to <span className={mono}>{step.to}</span>
      </>
    );
  }
  return step.path ? <span className={mono}>{step.path}</span> : <span className="text-muted">the vault</span>;
}
