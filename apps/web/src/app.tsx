import { AlertCircle, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActivityView } from './components/activity-view';
import { ChatInput, type ComposerHandle, type Submission } from './components/chat-input';
import { CommandPalette } from './components/command-palette';
import { DropZone } from './components/drop-zone';
import { ErrorBoundary } from './components/error-boundary';
import { FileView } from './components/file-view';
import { ForgetBanner } from './components/forget-banner';
import { ForgetDialog, type ForgetAsk } from './components/forget-dialog';
import { InboxView } from './components/inbox-view';
import { MobileBar } from './components/mobile-bar';
import { OfflineBanner } from './components/offline-banner';
import { ShortcutsDialog } from './components/shortcuts-dialog';
import { Sidebar } from './components/sidebar';
import { SidebarColumn, SidebarDrawer } from './components/sidebar-frame';
import { VaultSection } from './components/vault-section';
import { useActivity } from './hooks/use-activity';
import { useComposerMode, type ComposerMode } from './hooks/use-composer-mode';
import { useEventStream } from './hooks/use-event-stream';
import { useForgetBackup } from './hooks/use-forget-backup';
import { useHealth } from './hooks/use-health';
import { useHotkeys } from './hooks/use-hotkeys';
import { useInbox } from './hooks/use-inbox';
import { useLiveVault } from './hooks/use-live-vault';
import { useWide } from './hooks/use-media-query';
import { useRoute } from './hooks/use-route';
import { useShareLaunch } from './hooks/use-share-launch';
import { useSidebarWidth } from './hooks/use-sidebar-width';
import { repliesInFlight, updatesInFlight } from './lib/activity';
import { inInbox } from './lib/inbox-paths';
import type { Route } from './lib/route';
import { entryIn } from './lib/vault-tree';

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
  const [findOpen, setFindOpen] = useState(false);
  const [forgetAsk, setForgetAsk] = useState<ForgetAsk | null>(null);
  const forget = useForgetBackup();
  // The drawer belongs to the view it was opened on, so going somewhere closes it: on a phone
  // the view is what the user came for.
  const [drawerRoute, setDrawerRoute] = useState<Route | null>(null);
  const drawerOpen = drawerRoute === route;
  const setDrawerOpen = (open: boolean) => setDrawerRoute(open ? route : null);
  const wide = useWide();
  const sidebarWidth = useSidebarWidth();
  const share = useShareLaunch(activity.onUpdateStatus);

  const stream = useEventStream({
    onFileChanged: (event) => {
      vault.onFileChanged(event);
      if (inInbox(event.path, health.layout)) inbox.refreshSoon();
    },
    onTreeChanged: vault.onTreeChanged,
    onInboxUpdated: (event) => inbox.onInboxUpdated(event.count),
    onUpdateStatus: (status) => {
      activity.onUpdateStatus(status);
      // Whatever the run's model calls found (a fault, or its end) is what the model chip shows.
      if (status.status !== 'queued' && status.status !== 'running') void health.refresh();
      else if (status.retrying) void health.refresh();
    },
    onUpdateStep: activity.onUpdateStep,
    onQuestionStatus: (question) => {
      activity.onQuestionStatus(question);
      if (question.status !== 'pending' || question.retrying) void health.refresh();
    },
    onHistoryUpdated: activity.onHistoryUpdated,
    onForgetStatus: forget.onForgetStatus,
    onReconnect: () => {
      vault.resync();
      void inbox.refresh();
      void health.refresh();
      void forget.refresh();
      activity.resync();
    },
  });

  const replies = useMemo(() => repliesInFlight(activity.state), [activity.state]);
  const working = useMemo(() => updatesInFlight(activity.state), [activity.state]);
  const inboxTitles = useMemo(() => new Map((inbox.items ?? []).map((item) => [item.id, item.title])), [inbox.items]);
  const updateActions = useMemo(
    () => ({ onRetry: activity.retryUpdate, onStop: activity.stopUpdate, onUndo: activity.undo, onRedo: activity.redo }),
    [activity.retryUpdate, activity.stopUpdate, activity.undo, activity.redo],
  );

  useEffect(() => {
    document.title = inbox.count > 0 ? `(${inbox.count}) Knower` : 'Knower';
  }, [inbox.count]);

  // The item being answered was resolved elsewhere (CLI, another tab): nothing left to answer.
  const { answering, cancelAnswer } = composer;
  useEffect(() => {
    if (answering && inbox.items && !inbox.items.some((item) => item.id === answering.id)) cancelAnswer();
  }, [answering, inbox.items, cancelAnswer]);

  const submit = async ({ mode, text, url, files, deep, idempotencyKey }: Submission) => {
    if (mode === 'search') {
      navigate({ view: 'activity' });
      return activity.ask(text, deep ? 'deep' : 'fast');
    }
    const inboxRef = mode === 'answer' ? (composer.answering ?? undefined) : undefined;
    if (!inboxRef) navigate({ view: 'activity' });
    const failure = await activity.sendUpdate({ text, files, idempotencyKey, ...(url ? { url } : {}), ...(inboxRef ? { inboxRef } : {}) });
    if (!failure && inboxRef) composer.cancelAnswer();
    return failure;
  };

  const { setMode } = composer;
  const switchMode = useCallback(
    (mode: ComposerMode) => {
      setMode(mode);
      input.current?.focus();
    },
    [setMode],
  );

  const selectedItem = route.view === 'inbox' && route.id ? inbox.items?.find((item) => item.id === route.id) : undefined;
  const reply = (item: { id: string; title: string }) => {
    composer.startAnswer(item);
    input.current?.focus();
  };

  useHotkeys({
    '/': () => input.current?.focus(),
    '?': () => setHelpOpen(true),
    r: () => selectedItem && !replies.has(selectedItem.id) && reply(selectedItem),
    'mod+KeyK': () => setFindOpen(true),
    'alt+KeyU': () => switchMode('update'),
    'alt+KeyS': () => switchMode('search'),
    'alt+KeyA': () => navigate({ view: 'activity' }),
    'alt+KeyI': () => navigate({ view: 'inbox' }),
    'alt+KeyF': () => {
      if (!wide) setDrawerOpen(true);
      requestAnimationFrame(() => document.getElementById('vault-filter')?.focus());
    },
  });

  const sidebar = (
    <Sidebar
      view={route.view}
      working={working}
      inboxCount={inbox.count}
      stream={stream.state}
      offline={health.offline}
      provider={health.label ? { label: health.label, problem: health.problem } : null}
      onActivity={() => navigate({ view: 'activity' })}
      onInbox={() => navigate({ view: 'inbox' })}
      onHelp={() => setHelpOpen(true)}
      onFind={() => setFindOpen(true)}
    >
      <VaultSection
        model={vault.model}
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
  );

  return (
    <div className="flex h-full overflow-hidden">
      {wide ? (
        <SidebarColumn width={sidebarWidth.width} onResize={sidebarWidth.resize}>
          {sidebar}
        </SidebarColumn>
      ) : (
        <SidebarDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
          {sidebar}
        </SidebarDrawer>
      )}
      <DropZone onFiles={(files) => input.current?.addFiles(files)}>
        {!wide && <MobileBar inboxCount={inbox.count} stream={stream.state} onMenu={() => setDrawerOpen(true)} onFind={() => setFindOpen(true)} onInbox={() => navigate({ view: 'inbox' })} />}
        <OfflineBanner stream={stream.state} onRetry={stream.retryNow} />
        <ForgetBanner backup={forget.backup} onChanged={() => void forget.refresh()} />
        {share.problem && <ShareProblem message={share.problem} onDismiss={share.dismiss} />}
        {route.view === 'file' && (
          <ErrorBoundary key={`file:${route.path}`} what="this file">
            <FileView
              path={route.path}
              heading={route.heading}
              find={route.find}
              revision={vault.revision}
              entry={entryIn(vault.model, route.path)}
              onForget={(path) => setForgetAsk({ kind: 'files', paths: [path] })}
            />
          </ErrorBoundary>
        )}
        {route.view === 'activity' && (
          <ErrorBoundary key="activity" what="the activity">
            <ActivityView
              activity={activity.state}
              problem={activity.problem}
              loadingEarlier={activity.loadingEarlier}
              onLoadEarlier={() => void activity.loadEarlier()}
              inboxTitles={inboxTitles}
              updateActions={updateActions}
              onRetryQuestion={activity.retryQuestion}
              onStopQuestion={activity.stopQuestion}
              onSuggest={(mode, text) => {
                composer.setMode(mode);
                input.current?.fill(text);
              }}
            />
          </ErrorBoundary>
        )}
        {route.view === 'inbox' && (
          <ErrorBoundary key={`inbox:${route.id ?? ''}`} what="the inbox">
            <InboxView
              items={inbox.items}
              layout={health.layout}
              problem={inbox.problem}
              selectedId={route.id}
              answeringId={composer.answering?.id}
              replies={replies}
              stacked={!wide}
              onSelect={(id) => navigate({ view: 'inbox', ...(id ? { id } : {}) })}
              onReply={reply}
            />
          </ErrorBoundary>
        )}
        <ChatInput ref={input} mode={composer.mode} answering={composer.answering} onModeChange={switchMode} onCancelAnswer={composer.cancelAnswer} onSubmit={submit} />
      </DropZone>
      <ShortcutsDialog
        open={helpOpen}
        onOpenChange={setHelpOpen}
        onForgetText={() => {
          setHelpOpen(false);
          setForgetAsk({ kind: 'text' });
        }}
      />
      <ForgetDialog ask={forgetAsk} onClose={() => setForgetAsk(null)} />
      <CommandPalette open={findOpen} onOpenChange={setFindOpen} onOpen={(path, find) => navigate({ view: 'file', path, ...(find ? { find } : {}) })} />
    </div>
  );
}

function ShareProblem({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div role="alert" className="flex shrink-0 items-start gap-2.5 border-b border-danger/40 bg-danger-soft px-4 py-2.5 text-[13px] md:px-6">
      <AlertCircle aria-hidden size={15} className="mt-0.5 shrink-0 text-danger" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">The shared item was not sent to Knower.</strong> {message}
      </p>
      <button type="button" aria-label="Dismiss" onClick={onDismiss} className="rounded p-0.5 text-muted hover:text-fg">
        <X size={15} />
      </button>
    </div>
  );
}
