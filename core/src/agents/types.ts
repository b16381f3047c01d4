import type { AttachmentKind, CaptureOutcome } from '../api/index.js';
import type { Capture } from '../capture/index.js';
import type { Logger } from '../logger.js';
import type { CallBudget, ProviderInfo, RetryNotice, Usage } from '../llm/index.js';
import type { SearchEngine } from '../search/index.js';
import type { KnowerNotes, RootNames, VaultIndex, VaultWriter } from '../vault/index.js';

export type { Usage } from '../llm/index.js';

/** One file an update carried, kept in the state dir with its record. */
export interface UpdateAttachment {
  /** As sent: shown to the model and the person, never used as a path. */
  name: string;
  kind: AttachmentKind;
  mediaType: string;
  /** Absolute path of the stored bytes in the state dir. */
  path: string;
}

/** Audio already in the vault to transcribe now (`knower transcribe`), and the note waiting for its text. */
export interface TranscribeRequest {
  audio: string;
  note?: string;
  /** The update that filed it. */
  of?: string;
}

export interface UpdateInput {
  id: string;
  text: string;
  /** A link to capture: fetched now, filed as a clipped note (or as the file it leads to). */
  url?: string;
  inboxRef?: string;
  attachments: UpdateAttachment[];
  transcribe?: TranscribeRequest;
  receivedAt: string;
  /** Told of each tool call the agent makes (the update's live steps); must not throw. */
  onToolCall?: (call: { name: string; input: unknown }, result: { content: string; isError?: boolean }) => void;
  /** The person stopped the update: the run ends at the next model call or tool call. */
  signal?: AbortSignal;
  /** Told when a model call is retried after a fault. */
  onRetry?: (info: RetryNotice) => void;
}

/**
 * `files`: vault-relative paths the run created, changed or deleted. `kept`: what a folder
 * delete or move of the run left where it was, because it appeared or changed while it ran.
 */
export type UpdateOutcome = (
  | /** `fallback`: the model changed nothing and asked nothing, so the runner filed the text into bucket/ as received. */
    { status: 'done'; files: string[]; kept?: string[]; summary?: string; usage?: Usage; fallback?: 'bucket' }
  | { status: 'inbox'; inboxId: string; files: string[]; kept?: string[]; summary?: string; usage?: Usage }
) & {
  /** What became of the link and each file: where it is kept, its text, or why not. */
  captures?: CaptureOutcome[];
};

export interface AnswerRequest {
  query: string;
  mode?: 'fast' | 'deep';
  scope?: string;
  /** Told of each tool call the search agent makes (the question's live steps); must not throw. */
  onToolCall?: UpdateInput['onToolCall'];
  /** The person stopped the question: the search agent ends at its next step. */
  signal?: AbortSignal;
  /** Told when a model call is retried after a fault. */
  onRetry?: (info: RetryNotice) => void;
}

export interface SearchAnswer {
  markdown: string;
  sources: string[];
  mode: 'fast' | 'deep';
  degraded?: string;
  offline?: boolean;
  usage?: Usage;
}

export interface Agents {
  /** Which provider and model answer, and what the last call or the start-up check found. */
  readonly provider: ProviderInfo;
  /**
   * Throws ModelError on model faults (the queue retries those). Every change the run makes goes
   * through `writer` (the queue's journal for this update). `budget` caps the model calls across
   * the queue's attempts; without one, this run gets MAX_MODEL_CALLS_PER_UPDATE.
   */
  runUpdate(input: UpdateInput, run: { writer: VaultWriter; budget?: CallBudget }): Promise<UpdateOutcome>;
  /** The read-only search agent; safe to run concurrently with updates. */
  answer(req: AnswerRequest): Promise<SearchAnswer>;
  /** After retries are exhausted: a failed inbox item with the raw input; returns the inbox id. */
  writeFailedItem(input: UpdateInput, error: string, writer: VaultWriter): Promise<string>;
}

export interface AgentsDeps {
  root: string;
  /** Links fetched, PDFs and pages read, audio transcribed: what the runner files beside the note. */
  capture: Capture;
  /** Which root names the person's own files hold: Knower keeps its own versions elsewhere. */
  names?: RootNames;
  /** Knower's record of the notes it created: what the update agent creates or moves is recorded there. */
  knowerNotes?: KnowerNotes;
  /** One tool call's time limit (default TOOL_TIME_LIMIT_MS). */
  toolTimeLimitMs?: number;
  index: VaultIndex;
  search: SearchEngine;
  clock: () => Date;
  log: Logger;
  anthropic?: { apiKey: string; baseURL?: string; model: string; searchModel: string; maxRetries?: number; timeoutMs?: number };
  /** An OpenAI-compatible server (takes precedence over `anthropic`: the config chose one). */
  openai?: { baseURL: string; apiKey?: string; model: string; searchModel: string; stream?: boolean; maxRetries?: number; timeoutMs?: number };
  /** Backoff before the first transport retry (default 1 s; tests shorten it). */
  retryBaseDelayMs?: number;
  /** Check at start that the openai provider's model can call tools (default on). */
  probe?: boolean;
  /** Tool-use turns per update run before it is stopped (default UPDATE_MAX_STEPS). */
  maxIterations?: number;
}
