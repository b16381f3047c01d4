import { MessagesSquare, Search, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ActivityState } from '../lib/activity';
import { ActivityQuestion } from './activity-question';
import { ActivityUpdate } from './activity-update';
import type { ComposerMode } from '../hooks/use-composer-mode';
import { EmptyState } from './empty-state';
import { IconButton } from './ui/icon-button';

type ActivityViewProps = {
  activity: ActivityState;
  onClear: () => void;
  onSuggest: (mode: ComposerMode, text: string) => void;
};

const suggestions: Array<{ mode: ComposerMode; text: string; icon: typeof Sparkles }> = [
  { mode: 'update', text: 'Met Anna from Acme today: she wants the Q3 proposal by Friday.', icon: Sparkles },
  { mode: 'search', text: 'What did I decide about the Berlin trip?', icon: Search },
];

/** This session's exchanges, oldest first, following the newest one. */
export function ActivityView({ activity, onClear, onSuggest }: ActivityViewProps) {
  const bottom = useRef<HTMLDivElement>(null);
  const { exchanges, statuses } = activity;
  const last = exchanges.at(-1);
  const lastStatus = last?.kind === 'update' && last.id ? statuses[last.id]?.status : undefined;
  const lastState = last?.kind === 'question' ? last.state : lastStatus;

  // Keep the newest exchange in view as it arrives and as it progresses.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end', behavior: exchanges.length > 0 ? 'smooth' : 'auto' });
  }, [exchanges.length, lastState]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-line px-4 md:px-6">
        <h1 className="text-[13px] font-medium">Activity</h1>
        <span className="text-xs text-faint">This session</span>
        <span className="ml-auto" />
        {exchanges.length > 0 && (
          <IconButton label="Clear this session's activity" onClick={onClear} tooltipSide="bottom">
            <Trash2 size={15} />
          </IconButton>
        )}
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto" role="log" aria-label="Activity" aria-live="polite" tabIndex={0}>
        {exchanges.length === 0 ? (
          <EmptyState
            icon={<MessagesSquare size={20} />}
            title="Tell Knower what you know"
            body="Updates are filed into your vault by the update agent; you'll see them queued, worked on and done, with the files they touched. Questions are answered from what you deposited, with sources."
          >
            <div className="flex flex-col items-stretch gap-2">
              {suggestions.map(({ mode, text, icon: Icon }) => (
                <button
                  key={text}
                  type="button"
                  onClick={() => onSuggest(mode, text)}
                  className="flex items-center gap-2.5 rounded-lg border border-line bg-raised px-3 py-2 text-left text-[13px] text-muted shadow-sm transition-colors hover:border-line-strong hover:text-fg"
                >
                  <Icon aria-hidden size={14} className={mode === 'update' ? 'text-update' : 'text-search'} />
                  {text}
                </button>
              ))}
            </div>
          </EmptyState>
        ) : (
          <div className="mx-auto max-w-[760px] space-y-9 px-4 py-6 md:px-8 md:py-8">
            {exchanges.map((exchange) =>
              exchange.kind === 'update' ? (
                <ActivityUpdate key={exchange.key} exchange={exchange} status={exchange.id ? statuses[exchange.id] : undefined} />
              ) : (
                <ActivityQuestion key={exchange.key} exchange={exchange} />
              ),
            )}
            <div ref={bottom} />
          </div>
        )}
      </div>
    </div>
  );
}
