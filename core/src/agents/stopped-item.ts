import path from 'node:path';
import { makeFolders, setFrontmatterFields } from '../vault/index.js';
import type { LoopResult, ToolTrace } from './agent-loop.js';
import { markChanged, markSeen, type Session } from './session.js';
import type { UpdateInput } from './types.js';
import { itemFolder, reviewPath } from '../inbox/index.js';

const MAX_TRACE_LINES = 40;
const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/** One line per call, runs of the same call folded ("read a.md (×6)"). */
function traceLines(trace: ToolTrace[]): string[] {
  const lines: Array<{ line: string; times: number }> = [];
  for (const t of trace) {
    const line = `${t.tool}${t.target ? ` ${t.target}` : ''}${t.error ? ` — error: ${t.error.split('\n')[0]?.slice(0, 160)}` : ''}`;
    const last = lines.at(-1);
    if (last?.line === line) last.times++;
    else lines.push({ line, times: 1 });
  }
  const shown = lines.slice(0, MAX_TRACE_LINES).map(({ line, times }) => `- ${line}${times > 1 ? ` (×${times})` : ''}`);
  if (lines.length > MAX_TRACE_LINES) shown.push(`- … and ${lines.length - MAX_TRACE_LINES} more`);
  return shown;
}

export function stoppedReason(result: Pick<LoopResult, 'stopped' | 'iterations'>): string {
  return result.stopped === 'repeating'
    ? `it made the same tool calls ${result.iterations > 1 ? 'turn after turn' : 'again'}, so it was stopped after ${result.iterations} steps`
    : `it used all ${result.iterations} steps it may take for one update without finishing`;
}

/**
 * The end of an update run that had to be stopped (step budget spent, or looping): an inbox
 * item saying what it did (its tool calls and the files it changed), never a silent "done".
 * The runner then adds input.md and the images beside it (finalizeInboxItem).
 */
export async function writeStoppedItem(session: Session, input: UpdateInput, result: LoopResult, runnerSaved: ReadonlySet<string>): Promise<string> {
  const rel = reviewPath(input.id);
  const changed = [...session.changed].filter((p) => !p.startsWith(`${itemFolder(input.id)}/`) && !runnerSaved.has(p)).sort();
  const firstLine = input.text.trim().split('\n')[0]?.slice(0, 80) || 'an update';
  const body = [
    '# Knower stopped before it finished filing this update',
    '',
    `The update agent worked on the update received ${input.receivedAt} (id ${input.id}), but ${stoppedReason(result)}. Nothing you sent is lost: it is in input.md beside this note.`,
    '',
    `## What it did (${result.toolCalls} tool calls, ${result.toolErrors} refused)`,
    '',
    ...(result.trace.length ? traceLines(result.trace) : ['- no tool calls']),
    '',
    '## Files it changed',
    '',
    ...(changed.length ? changed.map((p) => `- ${p}`) : ['- none']),
    ...(result.text ? ['', '## Its last words', '', quote(result.text.slice(0, 1500))] : []),
    '',
    '## What you can do',
    '',
    'Reply to this item with what to do (for example where it belongs) and Knower files it again with your answer; or file it by hand and delete this folder.',
    '',
  ].join('\n');
  const review = setFrontmatterFields(body, {
    title: JSON.stringify(`Stopped while filing: ${firstLine}`),
    summary: JSON.stringify(`Update ${input.id}: ${stoppedReason(result)}; ${changed.length} file(s) changed.`),
    update_id: JSON.stringify(input.id),
    status: 'stopped',
  });
  await makeFolders(path.join(session.root, itemFolder(input.id)));
  // Ours to write: the runner calls this only when the model did not open an item itself.
  await session.writer.write(path.join(session.root, rel), review);
  markSeen(session, rel, review);
  markChanged(session, rel);
  return rel;
}
