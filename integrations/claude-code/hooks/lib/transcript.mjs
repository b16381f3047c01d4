import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * What a session established, from the transcript Claude Code keeps (one JSON object a line:
 * `type` "user" / "assistant" with a `message`, plus system, attachment and bookkeeping lines).
 * A turn starts with something the person typed; its conclusion is the assistant's last text in
 * that turn (what it said after its tool calls). Tool calls, tool results, thinking, side chains
 * (subagents), meta lines, slash-command echoes and compaction summaries are left out.
 */

/** Transcripts of long sessions reach hundreds of MB: only their end is read. */
const TAIL_BYTES = 16 * 1024 * 1024;
const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

export function readTranscriptTail(file, maxBytes = TAIL_BYTES) {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.alloc(size - start);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    const text = buffer.subarray(0, read).toString('utf8');
    // Started mid-file: the first line is a fragment.
    return start > 0 ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    closeSync(fd);
  }
}

export function parseLines(text) {
  const entries = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line);
      if (entry && typeof entry === 'object') entries.push(entry);
    } catch {
      // a line being written as we read, or damaged: skip it
    }
  }
  return entries;
}

const stripReminders = (text) => text.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '').trim();

/** What the person typed, or undefined for tool results, command echoes and interruptions. */
function typedText(message) {
  const content = message?.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content
            .filter((b) => b?.type === 'text')
            .map((b) => b.text ?? '')
            .join('\n')
        : '';
  if (Array.isArray(content) && content.some((b) => b?.type === 'tool_result')) return undefined;
  const clean = stripReminders(text);
  if (!clean || /^<(?:command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr)>/.test(clean)) return undefined;
  if (/^\[Request interrupted by user/.test(clean)) return undefined;
  return clean;
}

/**
 * The session's turns after the entry `afterUuid` (all of them when it is absent or not in the
 * file), with the files the assistant edited and the last entry's uuid.
 */
export function sessionTurns(entries, afterUuid) {
  let from = 0;
  if (afterUuid) {
    const at = entries.findIndex((e) => e.uuid === afterUuid);
    if (at >= 0) from = at + 1;
  }
  const turns = [];
  const files = new Set();
  let branch;
  let lastUuid;
  for (const e of entries.slice(from)) {
    if (e.uuid) lastUuid = e.uuid;
    if (e.isSidechain || e.isMeta || e.isCompactSummary || e.isVisibleInTranscriptOnly) continue;
    if (typeof e.gitBranch === 'string' && e.gitBranch) branch = e.gitBranch;
    if (e.type === 'user') {
      const asked = typedText(e.message);
      if (asked !== undefined) turns.push({ asked, concluded: undefined, at: e.timestamp });
    } else if (e.type === 'assistant' && e.message?.model !== '<synthetic>' && Array.isArray(e.message?.content)) {
      const turn = turns[turns.length - 1];
      for (const block of e.message.content) {
        if (block?.type === 'text' && typeof block.text === 'string' && block.text.trim() && turn) turn.concluded = block.text.trim();
        if (block?.type === 'tool_use' && EDIT_TOOLS.has(block.name)) {
          const file = block.input?.file_path ?? block.input?.notebook_path;
          if (typeof file === 'string') files.add(file);
        }
      }
    }
  }
  return { turns, files: [...files], branch, lastUuid };
}
