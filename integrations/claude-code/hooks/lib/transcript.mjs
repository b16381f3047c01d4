import { createRequire } from 'node:module';

// node:fs is required, not imported: an ESM import of it builds its namespace from every export,
// lazy ones included (fs/promises, the stream modules), ~15 ms of a hook's start (knower-http.mjs).
const { closeSync, fstatSync, openSync, readSync } = createRequire(import.meta.url)('node:fs');

/**
 * What a session established, from the transcript Claude Code keeps (one JSON object a line:
 * `type` "user" / "assistant" with a `message`, plus system, attachment and bookkeeping lines).
 * A turn starts with something the person typed; its conclusion is the assistant's last text in
 * that turn (what it said after its tool calls). Tool calls, tool results, thinking, side chains
 * (subagents), meta lines, slash-command echoes and compaction summaries are left out.
 */

/**
 * Transcripts of long sessions reach hundreds of MB: only their end is read, and first only its
 * last 2 MB, which usually hold the last capture (Claude Code compacts long before, and each
 * compaction is captured): the whole tail is read when they do not.
 */
const TAIL_BYTES = 16 * 1024 * 1024;
const FIRST_BYTES = 2 * 1024 * 1024;
const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);
const NEWLINE = 0x0a;

/** The last `maxBytes` of the file, from the first whole line. */
function readTail(file, maxBytes) {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.allocUnsafe(size - start);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    const tail = buffer.subarray(0, read);
    // Started mid-file: the first line is a fragment.
    return { tail: start > 0 ? tail.subarray(tail.indexOf(NEWLINE) + 1) : tail, whole: start === 0 };
  } finally {
    closeSync(fd);
  }
}

// Most of a transcript's bytes are tool output and attachments, which say nothing a capture
// keeps: their lines are recognised in the raw bytes and never decoded or parsed (JSON escapes
// the quotes of any text, so these only match the entries' own structure).
const SKIPPED = [Buffer.from('"type":"attachment"'), Buffer.from('"type":"tool_result"')];

/**
 * The entries after the one whose uuid is `afterUuid` (all of them when it is absent or not in
 * the tail), found in the raw bytes, so that a long session captured before is not parsed again.
 */
export function readEntriesAfter(file, afterUuid) {
  const marker = afterUuid ? `"uuid":${JSON.stringify(afterUuid)}` : undefined;
  let { tail, whole } = readTail(file, FIRST_BYTES);
  if (!whole && !(marker && tail.includes(marker))) tail = readTail(file, TAIL_BYTES).tail;
  const at = marker ? tail.indexOf(marker) : -1;
  let from = at >= 0 ? tail.indexOf(NEWLINE, at) + 1 || tail.length : 0;
  const entries = [];
  while (from < tail.length) {
    const newline = tail.indexOf(NEWLINE, from);
    const end = newline < 0 ? tail.length : newline;
    const line = tail.subarray(from, end);
    from = end + 1;
    if (line.length === 0 || SKIPPED.some((skip) => line.includes(skip))) continue;
    try {
      const entry = JSON.parse(line.toString('utf8'));
      if (entry && typeof entry === 'object') entries.push(entry);
    } catch {
      // a line being written as we read, or damaged: skip it
    }
  }
  // Not found as Claude Code writes it (another writer's spacing, say): looked for among the parsed entries.
  const parsedAt = afterUuid && at < 0 ? entries.findIndex((e) => e.uuid === afterUuid) : -1;
  return parsedAt >= 0 ? entries.slice(parsedAt + 1) : entries;
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

/** The session's turns in `entries`, with the files the assistant edited and the last entry's uuid. */
export function sessionTurns(entries) {
  const turns = [];
  const files = new Set();
  let branch;
  let lastUuid;
  for (const e of entries) {
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
