import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Imports between source files, type-only ones included: they vanish at run time, but a reader
 * following a type walks the same circle as one following a call.
 */
export type ImportGraph = Map<string, string[]>;

const IMPORT = /^\s*(?:import|export)\s+[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** Files under `root`, keyed by their path relative to it. */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => resolveImport(file, match[1]!))
      .filter((target): target is string => target !== undefined)
      .map((target) => path.relative(root, target));
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

/** The graph between top-level modules: `search/engine.ts` belongs to `search`, `app.ts` to `app`. */
export function moduleGraph(files: ImportGraph): ImportGraph {
  const moduleOf = (file: string) => file.split(path.sep)[0]!.replace(/\.tsx?$/, '');
  const modules = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = moduleOf(file);
    const edges = modules.get(from) ?? new Set<string>();
    for (const target of targets) if (moduleOf(target) !== from) edges.add(moduleOf(target));
    modules.set(from, edges);
  }
  return new Map([...modules].map(([name, edges]) => [name, [...edges].sort()]));
}

/** Every cycle met by a depth-first walk, as the path that closes it (`a → b → a`). */
export function cycles(graph: ImportGraph): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

/** Every import specifier of the files under `root` (relative or not, type-only included), keyed by file. */
export function importSpecifiers(root: string): Map<string, string[]> {
  const ANY = /^\s*(?:import|export)\s+[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    found.set(
      path.relative(root, file),
      [...readFileSync(file, 'utf8').matchAll(ANY)].map((match) => (match[1] ?? match[2])!),
    );
  }
  return found;
}
