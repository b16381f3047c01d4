import { access } from 'node:fs/promises';
import path from 'node:path';
import { isInboxId } from '../inbox/index.js';
import type { ModelClient } from '../llm/index.js';
import { runAgentLoop } from './agent-loop.js';
import type { Capture } from '../capture/index.js';
import { buildBootstrap } from './bootstrap.js';
import { captureInput } from './capture-step.js';
import { transcribeInVault } from './transcribe-run.js';
import { changelogInVault, changelogMentions, logToChangelog } from './changelog.js';
import { finalizeInboxItem } from './inbox-item.js';
import { markChanged, newSession, type RunDeps, type Session } from './session.js';
import { stoppedReason, writeStoppedItem } from './stopped-item.js';
import { TOOL_SETS } from './tool-sets.js';
import type { UpdateInput, UpdateOutcome } from './types.js';
import { fileAsReceived } from './unfiled-update.js';
import { buildUpdateTask } from './update-task.js';
import { UPDATE_SYSTEM_PROMPT } from './update-prompt.js';
import { CHANGELOG_FILE } from '../vault/index.js';
import { itemFolder, reviewPath } from '../inbox/index.js';

const exists = (abs: string) =>
  access(abs).then(
    () => true,
    () => false,
  );

/** What the run changed, and what its folder deletes and moves left in place (a person's saves meanwhile). */
const touched = (session: Session) => ({ files: [...session.changed].sort(), ...(session.kept.size > 0 ? { kept: [...session.kept].sort() } : {}) });

/** The log is a promise to the user: every update that changed the vault appears in it. */
async function logChanges(session: Session, updateId: string, headline: string | undefined, skip: ReadonlySet<string> = new Set()): Promise<void> {
  const changed = [...session.changed].filter((rel) => !rel.startsWith(`${itemFolder(updateId)}/`) && !skip.has(rel)).sort();
  if (changed.length === 0 || (await changelogMentions(session, updateId))) return;
  const lines = [...(headline ? [headline] : []), ...changed.map((rel) => `Changed \`${rel}\``)];
  if ((await logToChangelog(session, session.clock(), updateId, lines)) && changelogInVault(session)) markChanged(session, CHANGELOG_FILE);
}

/**
 * One update, start to finish: what it carried taken in first — files saved into bucket/, the
 * link clipped, PDFs read, audio transcribed (never lost, whatever the model does) — then the
 * agent loop, then the runner's guarantees: an inbox item completed with the raw input, and a
 * changelog entry carrying the update id even if the model forgot it.
 */
export async function runUpdateAgent(deps: RunDeps, capture: Capture, model: ModelClient, input: UpdateInput, maxIterations?: number): Promise<UpdateOutcome> {
  // The id names the inbox folder: the queue makes ids, so a bad one is a broken invariant.
  if (!isInboxId(input.id)) throw new Error(`update id ${JSON.stringify(input.id)} cannot name an inbox folder`);
  const session = newSession(deps, 'update', { updateId: input.id, ...(input.inboxRef ? { inboxRef: input.inboxRef } : {}) });
  const transcribed = input.transcribe ? await transcribeInVault(session, input.transcribe, capture, input.signal) : undefined;
  const captured = await captureInput(session, input, capture, { writeNotes: true });
  if (transcribed) captured.notes.push(transcribed.note);
  const { saved } = captured;
  const captures = [...(transcribed ? [transcribed.outcome] : []), ...captured.items.map((item) => item.outcome)];
  const context = await buildBootstrap(session);
  const task = await buildUpdateTask(session, input, captured, transcribed);
  // 8k output tokens: a review or a rewritten note can be long; a cut tool call would be wasted.
  const result = await runAgentLoop({
    model,
    system: UPDATE_SYSTEM_PROMPT,
    context,
    task,
    tools: TOOL_SETS.update,
    session,
    maxTokens: 8192,
    ...(maxIterations ? { maxIterations } : {}),
    ...(input.onToolCall ? { onToolCall: input.onToolCall } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onRetry ? { onRetry: input.onRetry } : {}),
  });
  const summary = (result.exhausted ? `Stopped: ${stoppedReason(result)}. ` : '') + result.text.slice(0, 2000);

  const reviewRel = reviewPath(input.id);
  if (session.changed.has(reviewRel) && (await exists(path.join(deps.root, reviewRel)))) {
    await finalizeInboxItem(session, input, saved);
    return { status: 'inbox', inboxId: input.id, ...touched(session), ...(summary ? { summary } : {}), usage: result.usage, captures };
  }
  // A run stopped while still working must not pass for done: the user gets an item saying what it did.
  if (result.exhausted) {
    // The files and notes the runner saved are the item's (or were moved on by the model): not the run's changes.
    const runnerSaved = new Set([...saved.map((s) => s.rel), ...captured.notes]);
    await writeStoppedItem(session, input, result, runnerSaved);
    await finalizeInboxItem(session, input, saved);
    await logChanges(session, input.id, `Stopped before finishing (${stoppedReason(result)}): see ${reviewRel}`, runnerSaved);
    return { status: 'inbox', inboxId: input.id, ...touched(session), summary, usage: result.usage, captures };
  }
  // Nothing changed beyond what the runner saved, and nothing asked: never a silent "done".
  const runnerSaved = new Set([...saved.map((s) => s.rel), ...captured.notes]);
  // A transcription is filed in its note already: the model adding nothing more is fine.
  if (!transcribed && ![...session.changed].some((rel) => !runnerSaved.has(rel))) {
    const note = await fileAsReceived(session, input, captured, result.text);
    const said = result.text ? ` Its reply: ${result.text.slice(0, 1500)}` : '';
    return {
      status: 'done',
      fallback: 'bucket',
      ...touched(session),
      summary: `The model made no change and asked nothing: filed as received into ${note}.${said}`,
      usage: result.usage,
      captures,
    };
  }
  await logChanges(session, input.id, result.text ? result.text.split('\n')[0] : undefined);
  return { status: 'done', ...touched(session), ...(summary ? { summary } : {}), usage: result.usage, captures };
}
