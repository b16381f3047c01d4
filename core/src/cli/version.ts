import path from 'node:path';

// By getBuiltinModule, not import: an ESM import of node:fs reads all its lazy exports (streams,
// fs/promises…), ~15 ms of every `knower` command's start (cli/http-client.ts says more).
const { readFileSync } = process.getBuiltinModule('node:fs');

function versionIn(file: string): string | undefined {
  try {
    const v = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** "knower 0.1.0 (qmd 2.8.3, node 22.23.3)": read from the installed packages' manifests. */
export function versionLine(repoRoot: string): string {
  const knower = versionIn(path.join(repoRoot, 'package.json')) ?? 'unknown';
  const qmd =
    versionIn(path.join(repoRoot, 'core', 'node_modules', '@tobilu', 'qmd', 'package.json')) ?? versionIn(path.join(repoRoot, 'node_modules', '@tobilu', 'qmd', 'package.json')) ?? 'not installed';
  return `knower ${knower} (qmd ${qmd}, node ${process.versions.node})`;
}
