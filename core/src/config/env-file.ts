import { readFileSync } from 'node:fs';

/**
 * Parses .env text: KEY=VALUE lines, optionally prefixed by `export`. It is data, never shell
 * code: no expansion. A quoted value ('…' or "…") is taken literally; an unquoted one ends at
 * the first " #" (a comment). The first line that sets a key wins, as when a shell sources a
 * file whose keys it skips once set.
 */
export function parseEnvFile(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(line);
    if (!match) continue;
    const [, key = '', rest = ''] = match;
    if (!values.has(key)) values.set(key, parseValue(rest.trimStart()));
  }
  return values;
}

function parseValue(value: string): string {
  const quoted = /^"(.*)"\s*$/.exec(value) ?? /^'(.*)'\s*$/.exec(value);
  if (quoted) return quoted[1] ?? '';
  const comment = /\s#/.exec(value);
  return (comment ? value.slice(0, comment.index) : value).trimEnd();
}

/** The file's settings; none when it does not exist. Other read errors are the caller's. */
export function readEnvFile(file: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw err;
  }
  return parseEnvFile(text);
}
