// The hooks' settings, from the environment Claude Code runs them in (the shell it was started
// from, or "env" in ~/.claude/settings.json). Every value is optional; a bad one falls back to
// its default: a hook never fails a session over its own configuration.
import { tmpdir } from 'node:os';
import path from 'node:path';

const number = (text, fallback, min, max) => {
  const n = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isInteger(n) ? Math.min(Math.max(n, min), max) : fallback;
};

/** Claude Code keeps at most 10,000 characters of a hook's output: the brief stays under it. */
const MAX_BRIEF_TOKENS = 2400;

/** What KNOWER_CAPTURE may say: "on" (default), "off", or the events to capture, e.g. "precompact". */
function captureEvents(text) {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '' || value === 'on' || value === '1' || value === 'true') return new Set(['precompact', 'sessionend']);
  if (value === 'off' || value === '0' || value === 'false' || value === 'none') return new Set();
  return new Set(value.split(/[\s,]+/).filter((e) => e === 'precompact' || e === 'sessionend'));
}

export function readSettings(env = process.env) {
  return {
    url: (env.KNOWER_URL || 'http://127.0.0.1:8000').replace(/\/+$/, ''),
    token: env.KNOWER_TOKEN || undefined,
    project: env.KNOWER_PROJECT?.trim() || undefined,
    /** 0 turns the brief off. */
    briefTokens: number(env.KNOWER_BRIEF_TOKENS, 1000, 0, MAX_BRIEF_TOKENS),
    capture: captureEvents(env.KNOWER_CAPTURE),
    /** The most one capture sends: the latest exchanges that fit. */
    captureChars: number(env.KNOWER_CAPTURE_MAX_CHARS, 6000, 500, 100000),
    /** Where the hooks keep how far each session was captured and the spool of captures to send (Claude Code gives each plugin a data folder). */
    dataDir: env.CLAUDE_PLUGIN_DATA || path.join(tmpdir(), 'knower-claude-code'),
  };
}
