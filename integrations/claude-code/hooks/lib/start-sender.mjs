import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const sender = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'send-captures.mjs');

/**
 * Starts the sender in a process of its own (its own process group, no stdio, not waited for):
 * it outlives the hook, and Claude Code ending the hook or the session does not end it.
 * The sender reads the same settings from the same environment.
 */
export function startSender() {
  try {
    const child = require('node:child_process').spawn(process.execPath, [sender], { detached: true, stdio: 'ignore', windowsHide: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // Not started (no processes left, say): the spool keeps the captures for the next hook.
  }
}
