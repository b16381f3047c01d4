import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActivityView } from './components/activity-view';
import { ChatInput, type ComposerHandle, type Submission } from './components/chat-input';
import { DropZone } from './components/drop-zone';
import { FileView } from './components/file-view';
import { InboxView } from './components/inbox-view';
import { ShortcutsDialog } from './components/shortcuts-dialog';
import { Sidebar } from './components/sidebar';
import { VaultSection } from './components/vault-section';
import { useActivity } from './hooks/use-activity';
import { useComposerMode, type ComposerMode } from './hooks/use-composer-mode';
import { useEventStream } from './hooks/use-event-stream';
import { useHealth } from './hooks/use-health';
import { useHotkeys } from './hooks/use-hotkeys';
import { useInbox } from './hooks/use-inbox';
import { useLiveVault } from './hooks/use-live-vault';
import { useRoute } from './hooks/use-route';
import { isFinished, repliesInFlight } from './lib/activity';

export function App() {
  const { route, navigate } = useRoute();
  const openPath = route.view === 'file' ? route.path : null;
  const vault = useLiveVault(openPath);
  const inbox = useInbox();
  const activity = useActivity();
  const health = useHealth();
  const composer = useComposerMode();
  const input = useRef<ComposerHandle>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  const stream = useEventStream({
    onFileChanged: (event) => {
      vault.onFileChanged(event);
      if (event.path.startsWith('inbox/')) inbox.refreshSoon();
    },
    onInboxUpdated: (event) => inbox.onInboxUpdated(event.count),
    onUpdateStatus: activity.onUpdateStatus,
    onReconnect: () => {
      void vault.refresh();
      void inbox.refresh();
      void health.refresh();
      activity.resync();
    },
  });

  const entriesByPath = useMemo(() => new Map(vault.entries?.map((e) => [e.path, e])), [vault.entries]);
  const replies = useMemo(() => repliesInFlight(activity.state), [activity.state]);
  const working = activity.state.exchanges.filter(
    (e) => e.kind === 'update' && (e.send === 'sending' || (e.send === 'accepted' && e.id && !isFinished(activity.state.statuses[e.id]?.status))),
  ).length;

  useEffect(() => {
    document.title = inbox.count > 0 ? `(${inbox.count}) Knower` : 'Knower';
  }, [inbox.count]);

  // The item being answered was resolved elsewhere (CLI, another tab): nothing left to answer.
  const { answering, cancelAnswer } = composer;
  useEffect(() => {
    if (answering && inbox.items && !inbox.items.some((item) => item.id === answering.id)) cancelAnswer();
  }, [answering, inbox.items, cancelAnswer]);

  const submit = async ({ mode, text, images, deep, idempotencyKey }: Submission) => {
    if (mode === 'search') {
      navigate({ view: 'activity' });
      return activity.ask(text, deep ? 'deep' : 'fast');
    }
    const inboxRef = mode === 'answer' ? (composer.answering ?? undefined) : undefined;
    if (!inboxRef) navigate({ view: 'activity' });
    const failure = await activity.sendUpdate({ text, images, idempotencyKey, ...(inboxRef ? { inboxRef } : {}) });
    if (!failure && inboxRef) composer.cancelAnswer();
    return failure;
  };

  const switchMode = useCallback(
    (mode: ComposerMode) => {
      composer.setMode(mode);
      input.current?.focus();
    },
    [composer.setMode],
  );

  useHotkeys({
    '/': () => input.current?.focus(),
    '?': () => setHelpOpen(true),
    'alt+KeyU': () => switchMode('update'),
    'alt+KeyS': () => switchMode('search'),
    'alt+KeyA': () => navigate({ view: 'activity' }),
    'alt+KeyI': () => navigate({ view: 'inbox' }),
    'alt+KeyF': () => document.getElementById('vault-filter')?.focus(),
  });

  return (
    <div className="flex h-full overflow-hidden">
      <Sidebar
        view={route.view}
        working={working}
        inboxCount={inbox.count}
        stream={stream}
        offline={health.offline}
        provider={health.label ? { label: health.label, problem: health.problem } : null}
        onActivity={() => navigate({ view: 'activity' })}
        onInbox={() => navigate({ view: 'inbox' })}
        onHelp={() => setHelpOpen(true)}
      >
        <VaultSection
          entries={vault.entries}
          problem={vault.problem}
          expanded={vault.expanded}
          recent={vault.recent}
          activePath={openPath}
          onToggle={vault.toggle}
          onCollapse={vault.collapse}
          onCollapseAll={vault.collapseAll}
          onOpen={(path) => navigate({ view: 'file', path })}
          onRetry={() => void vault.refresh()}
        />
      </Sidebar>
      <DropZone onFiles={(files) => input.current?.addFiles(files)}>
        {route.view === 'file' && <FileView path={route.path} revision={vault.revision} entry={entriesByPath.get(route.path)} />}
        {route.view === 'activity' && (
          <ActivityView
            activity={activity.state}
            onClear={activity.clear}
            onSuggest={(mode, text) => {
              composer.setMode(mode);
              input.current?.fill(text);
            }}
          />
        )}
        {route.view === 'inbox' && (
          <InboxView
            items={inbox.items}
            problem={inbox.problem}
            selectedId={route.id}
            answeringId={composer.answering?.id}
            replies={replies}
            onSelect={(id) => navigate({ view: 'inbox', id })}
            onReply={(item) => {
              composer.startAnswer(item);
              input.current?.focus();
            }}
          />
        )}
        <ChatInput
          ref={input}
          mode={composer.mode}
          answering={composer.answering}
          onModeChange={switchMode}
          onCancelAnswer={composer.cancelAnswer}
          onSubmit={submit}
        />
      </DropZone>
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
