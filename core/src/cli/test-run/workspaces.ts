import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Workspace {
  dir: string;
  /** vitest suites get a JSON report; any other test script runs through npm. */
  runner: 'vitest' | 'npm';
}

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** The root package.json's workspaces that have a test script, in its order. */
export function testedWorkspaces(root: string): Workspace[] {
  const patterns = (readJson(path.join(root, 'package.json')).workspaces ?? []) as string[];
  const dirs = patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${pattern.slice(0, -1)}${d.name}`)
      : [pattern],
  );
  const found: Workspace[] = [];
  for (const dir of dirs) {
    let scripts: Record<string, unknown>;
    try {
      scripts = (readJson(path.join(root, dir, 'package.json')).scripts ?? {}) as Record<string, unknown>;
    } catch {
      continue;
    }
    const test = scripts.test;
    if (typeof test === 'string' && test) found.push({ dir, runner: /^vitest( run)?(\s|$)/.test(test) ? 'vitest' : 'npm' });
  }
  return found;
}

export function hasRootScript(root: string, name: string): boolean {
  const scripts = (readJson(path.join(root, 'package.json')).scripts ?? {}) as Record<string, unknown>;
  return Boolean(scripts[name]);
}
