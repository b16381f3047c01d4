import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * How far each session has been sent: the uuid of the last transcript entry a capture covered.
 * A session resumed, compacted twice or ended after a PreCompact capture sends only what is new.
 * Kept in the plugin's data folder (Claude Code's CLAUDE_PLUGIN_DATA), else the temp folder.
 */
const folder = (settings) => path.join(settings.dataDir ?? path.join(tmpdir(), 'knower-claude-code'), 'captured');
const fileOf = (settings, session) => path.join(folder(settings), `${session.replace(/[^\w.-]/g, '_')}.json`);

export function lastCaptured(settings, session) {
  try {
    const saved = JSON.parse(readFileSync(fileOf(settings, session), 'utf8'));
    return typeof saved?.lastUuid === 'string' ? saved.lastUuid : undefined;
  } catch {
    return undefined;
  }
}

export function rememberCaptured(settings, session, lastUuid) {
  try {
    mkdirSync(folder(settings), { recursive: true });
    const file = fileOf(settings, session);
    writeFileSync(`${file}.tmp`, JSON.stringify({ lastUuid, at: new Date().toISOString() }));
    renameSync(`${file}.tmp`, file);
  } catch {
    // Not remembered: the next capture sends these exchanges again, with the same key for the same end.
  }
}
