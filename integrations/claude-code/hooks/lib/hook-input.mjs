/** The JSON Claude Code writes on a hook's stdin (session_id, transcript_path, cwd, hook_event_name, …). */
const MAX_BYTES = 1024 * 1024;

/** Resolves with the parsed object, or undefined when stdin is empty, not JSON, too large or never closes. */
export function readHookInput(stdin = process.stdin, timeoutMs = 1000) {
  return new Promise((resolve) => {
    if (stdin.isTTY) return resolve(undefined);
    const chunks = [];
    let size = 0;
    const timer = setTimeout(() => done(undefined), timeoutMs);
    function done(value) {
      clearTimeout(timer);
      stdin.removeAllListeners('data');
      stdin.removeAllListeners('end');
      stdin.pause();
      resolve(value);
    }
    stdin.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BYTES) return done(undefined);
      chunks.push(chunk);
    });
    stdin.on('end', () => {
      try {
        const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        done(value && typeof value === 'object' ? value : undefined);
      } catch {
        done(undefined);
      }
    });
    stdin.on('error', () => done(undefined));
  });
}
