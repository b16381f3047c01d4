// By getBuiltinModule, not import: an ESM import of node:fs reads all its lazy exports (streams,
// fs/promises…), ~15 ms of every `knower` command's start (cli/http-client.ts says more).
const { readFileSync } = process.getBuiltinModule('node:fs');

/**
 * dotenv is CommonJS: required, not imported. An ESM import of it costs a command ~20 ms of
 * CommonJS interop (its exports are lexed from its source), as much as half of Node's own start.
 */
const dotenv = (): typeof import('dotenv') => process.getBuiltinModule('node:module').createRequire(import.meta.url)('dotenv') as typeof import('dotenv');

/**
 * Parses .env text with the dotenv package's rules, the ones people (and docker compose) expect
 * of a .env file: `KEY=value` lines, optionally prefixed by `export`; '…', "…" and `…` quotes
 * are removed (a "…" value may hold \n for a line break); an unquoted value ends at `#` (an
 * inline comment) and is trimmed; the last line that sets a key wins. It is data, never shell
 * code: nothing is expanded.
 */
export function parseEnvFile(text: string): Map<string, string> {
  return new Map(Object.entries(dotenv().parse(text)));
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
