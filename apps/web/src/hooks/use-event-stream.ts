import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import {
  fileChangedSchema,
  forgetStatusSchema,
  historyUpdatedSchema,
  inboxUpdatedSchema,
  questionSchema,
  treeChangedSchema,
  updateStatusSchema,
  updateStepEventSchema,
  type FileChanged,
  type ForgetStatus,
  type HistoryUpdated,
  type InboxUpdated,
  type Question,
  type TreeChanged,
  type UpdateStatus,
  type UpdateStepEvent,
} from '../lib/api';
import { backoffDelay } from '../lib/backoff';

export type StreamHandlers = {
  onFileChanged?: (event: FileChanged) => void;
  onInboxUpdated?: (event: InboxUpdated) => void;
  /** The server's folder listings changed (a file was indexed, removed, or its figures changed). */
  onTreeChanged?: (event: TreeChanged) => void;
  onUpdateStatus?: (status: UpdateStatus) => void;
  /** A running update's agent called a tool. */
  onUpdateStep?: (event: UpdateStepEvent) => void;
  onQuestionStatus?: (question: Question) => void;
  /** A commit landed in the vault's history (an update, undo, restore or hand edits). */
  onHistoryUpdated?: (event: HistoryUpdated) => void;
  /** A forget's backup started waiting, or was confirmed or put back. */
  onForgetStatus?: (status: ForgetStatus) => void;
  /** The stream is back after a failure: whatever happened meanwhile was missed, refetch. */
  onReconnect?: () => void;
};

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/**
 * The one connection to core's event stream. EventSource retries on its own only for some
 * failures and gives up for good on others (an HTTP error, a proxy closing the request), so
 * every error closes it and this hook reconnects itself with jittered exponential backoff.
 */
export function useEventStream(handlers: StreamHandlers, url = '/sse'): { state: StreamState; retryNow: () => void } {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const [state, setState] = useState<StreamState>('connecting');
  const retry = useRef<() => void>(() => undefined);

  useEffect(() => {
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    // Set by any failure, including a first connection that never opened (core started after
    // the page): whatever the initial fetches missed must be fetched again once we are live.
    let recovering = false;

    const listen = <S extends z.ZodType>(es: EventSource, name: string, schema: S, deliver: (data: z.output<S>) => void) =>
      es.addEventListener(name, (event) => {
        const parsed = schema.safeParse(safeJson((event as MessageEvent<string>).data));
        if (parsed.success) deliver(parsed.data);
        else console.warn(`knower: ignored a malformed "${name}" event`, parsed.error.issues);
      });

    const connect = () => {
      const es = new EventSource(url);
      source = es;
      es.onopen = () => {
        attempt = 0;
        setState('live');
        if (recovering) latest.current.onReconnect?.();
        recovering = false;
      };
      es.onerror = () => {
        es.close();
        recovering = true;
        setState('reconnecting');
        timer = setTimeout(connect, backoffDelay(attempt++));
      };
      listen(es, 'file_changed', fileChangedSchema, (e) => latest.current.onFileChanged?.(e));
      listen(es, 'tree_changed', treeChangedSchema, (e) => latest.current.onTreeChanged?.(e));
      listen(es, 'inbox_updated', inboxUpdatedSchema, (e) => latest.current.onInboxUpdated?.(e));
      listen(es, 'update_status', updateStatusSchema, (e) => latest.current.onUpdateStatus?.(e));
      listen(es, 'update_step', updateStepEventSchema, (e) => latest.current.onUpdateStep?.(e));
      listen(es, 'question_status', questionSchema, (e) => latest.current.onQuestionStatus?.(e));
      listen(es, 'history_updated', historyUpdatedSchema, (e) => latest.current.onHistoryUpdated?.(e));
      listen(es, 'forget_status', forgetStatusSchema, (e) => latest.current.onForgetStatus?.(e));
    };

    // "Retry now": skip the rest of the backoff wait (a no-op while connected).
    retry.current = () => {
      if (source?.readyState === EventSource.OPEN) return;
      clearTimeout(timer);
      source?.close();
      attempt = 0;
      connect();
    };
    connect();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [url]);

  const retryNow = useCallback(() => retry.current(), []);
  return { state, retryNow };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
