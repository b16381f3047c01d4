import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { cycles, importGraph, importSpecifiers, moduleGraph, sourceFiles } from './import-graph.js';

const coreSrc = fileURLToPath(new URL('../../src', import.meta.url));
const coreRoot = fileURLToPath(new URL('../..', import.meta.url));
const web = fileURLToPath(new URL('../../../apps/web', import.meta.url));
const architecture = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
const webSrc = path.join(web, 'src');

/**
 * The core's layers, bottom first: a module may use modules of its own layer or below, never
 * above. docs/architecture.md draws the same picture (checked below). A new module must be placed
 * here and there.
 */
const LAYERS: string[][] = [
  ['api', 'config', 'logger', 'events', 'llm', 'tools', 'capture'],
  ['vault'],
  ['search', 'watch', 'inbox', 'records'],
  ['vault-tools', 'links', 'jobs', 'brief'],
  ['agents'],
  ['queue'],
  ['updates', 'history', 'activity', 'stats', 'health', 'forget'],
  ['http', 'routes', 'mcp', 'security'],
  ['app', 'main', 'knower', 'lifecycle', 'preflight', 'start-check', 'log-rotation'],
];
const layerOf = new Map(LAYERS.flatMap((names, level) => names.map((name) => [name, level] as const)));

/** What a layer must never know, whatever the layering would allow: the arrows that point the wrong way in meaning (docs/architecture.md's table too). */
const NEVER: Array<[string, string[], string]> = [
  ['vault', ['agents', 'queue', 'history', 'http', 'routes', 'security', 'mcp', 'app'], 'the vault knows no agents and no HTTP'],
  ['search', ['agents', 'queue', 'activity', 'http', 'routes', 'mcp'], 'search knows no agents'],
  ['llm', ['vault', 'search', 'agents'], 'the model clients know no vault'],
  ['capture', ['vault', 'search', 'agents', 'records', 'queue'], 'capture reads what a person sends and fetches; the update runner files it'],
  ['security', ['routes', 'mcp'], 'security uses the HTTP helpers, not the routes'],
  ['agents', ['jobs', 'queue', 'history'], 'agents take dates and notes from the vault, not from the job'],
  ['history', ['agents', 'jobs', 'queue'], 'the history knows the vault and the update records, not the agents nor the queue'],
  ['records', ['queue', 'history', 'agents'], 'the update records are kept for the queue and the history alike, knowing neither'],
];

/** Packages of the HTTP edge: only the edge and the composition may import them. */
const HTTP_PACKAGES = /^(fastify|@fastify\/|fastify-|@modelcontextprotocol\/)/;

describe('the import graph', () => {
  it('finds a cycle when there is one, and none in a chain', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a → b → c → a']);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no cycle between core files, nor between core modules (type-only imports included)', () => {
    const files = importGraph(coreSrc);
    expect(files.size).toBeGreaterThan(100);
    expect(cycles(files)).toEqual([]);
    expect(cycles(moduleGraph(files))).toEqual([]);
  });

  it('keeps the API contract and config at the bottom, the vault just above', () => {
    const modules = moduleGraph(importGraph(coreSrc));
    // The contract is zod schemas alone: the web app bundles it.
    expect(modules.get('api')).toEqual([]);
    expect(modules.get('config')).toEqual([]);
    // The vault's folder listing is the contract's shape (a type, from api/); nothing else but the logger.
    expect(modules.get('vault')).toEqual(['api', 'logger']);
    // The CLI talks to the service over HTTP: it shares the contract and configuration, not the service's code.
    expect(modules.get('cli')).toEqual(['api', 'config']);
  });

  it('has no cycle in the web app', () => {
    const files = importGraph(webSrc);
    expect(files.size).toBeGreaterThan(30);
    expect(cycles(files)).toEqual([]);
  });
});

describe('the layers', () => {
  const modules = moduleGraph(importGraph(coreSrc));

  it('places every core module in a layer', () => {
    const unplaced = [...modules.keys()].filter((name) => name !== 'cli' && !layerOf.has(name));
    expect(unplaced).toEqual([]);
  });

  it('finds an upward arrow when there is one', () => {
    const upward = upwardArrows(
      new Map([
        ['vault', ['agents']],
        ['agents', ['vault']],
      ]),
    );
    expect(upward).toEqual(['vault → agents']);
  });

  it('has no arrow pointing up (types included)', () => {
    expect(upwardArrows(modules)).toEqual([]);
  });

  for (const [from, never, why] of NEVER) {
    it(`${why}: ${from} imports none of ${never.join(', ')}`, () => {
      expect(modules.get(from)?.filter((target) => never.includes(target))).toEqual([]);
    });
  }

  it('keeps the HTTP server packages at the edge', () => {
    const edge = new Set(['http', 'routes', 'mcp', 'security', 'app', 'main', 'logger']);
    const found = [...importSpecifiers(coreSrc)].flatMap(([file, specs]) =>
      edge.has(file.split(path.sep)[0]!.replace(/\.tsx?$/, '')) ? [] : specs.filter((spec) => HTTP_PACKAGES.test(spec)).map((spec) => `${file} → ${spec}`),
    );
    expect(found).toEqual([]);
  });

  it('has modules use each other through their index.ts, not through their files', () => {
    // The search worker is a process of its own that loads only the vault's leaf files it needs;
    // the CLI shares config's path helpers. The vault takes the layout (plain values) from its own
    // file, as the worker loads some of the vault's files: api's face would bring every zod schema.
    const exempt = (file: string) => file.startsWith(`search${path.sep}worker${path.sep}`) || file.startsWith(`cli${path.sep}`);
    const layout = path.join('api', 'vault-layout.js');
    const deep = [...importSpecifiers(coreSrc)].flatMap(([file, specs]) => {
      if (exempt(file)) return [];
      const own = file.split(path.sep)[0];
      return specs
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => path.relative(coreSrc, path.resolve(coreSrc, path.dirname(file), spec)))
        .filter((target) => target.includes(path.sep) && target.split(path.sep)[0] !== own && path.basename(target) !== 'index.js')
        .filter((target) => !(own === 'vault' && target === layout))
        .map((target) => `${file} → ${target}`);
    });
    expect(deep).toEqual([]);
  });

  it('hands each route plugin its services as options: nothing hangs a service on the server instance', () => {
    const found = sourceFiles(coreSrc).filter((file) => /\.decorate\(|\bapp\.knower\b|interface FastifyInstance\b/.test(readFileSync(file, 'utf8')));
    expect(found.map((file) => path.relative(coreSrc, file))).toEqual([]);
  });

  it('history takes the write journals and the vault turns from the vault layer, the update records from records: nothing from the queue', () => {
    const fromQueue = [...importSpecifiers(path.join(coreSrc, 'history'))].flatMap(([file, specs]) => specs.filter((spec) => spec.includes('/queue/')).map((spec) => `${file} → ${spec}`));
    expect(fromQueue).toEqual([]);
    const journalUsers = [...importGraph(path.join(coreSrc, '..'))].filter(
      ([file, targets]) => file.startsWith(`src${path.sep}history`) && targets.some((t) => t.includes(`queue${path.sep}update-journal`)),
    );
    expect(journalUsers).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort();
  const sorted = (lists: readonly string[][]) => lists.map((list) => [...list].sort());

  it('places the same modules in the same layers as this test, in its table and in its graph', () => {
    const table = [...architecture.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)].map((m) => names(m[2]!));
    const graph = new Map([...architecture.matchAll(/\bL(\d+)\[([^\]]+)\]/g)].map((m) => [Number(m[1]), m[2]!.split(' · ').sort()]));
    expect(table).toEqual(sorted(LAYERS));
    expect([...graph.keys()]).toEqual(LAYERS.map((_, level) => level));
    expect([...graph.values()]).toEqual(sorted(LAYERS));
  });

  it('lists the same arrows that never exist as this test', () => {
    const table = [...architecture.matchAll(/^\| `([a-z-]+)` \| ((?:`[a-z-]+`(?:, )?)+) \|/gm)].map((m) => [m[1]!, names(m[2]!)]);
    expect(table).toEqual(NEVER.map(([from, never]) => [from, [...never].sort()]));
  });
});

describe('the web app talks to core over HTTP only', () => {
  it('imports nothing of core but the API contract, in the app and in its benchmarks', () => {
    const offending: string[] = [];
    for (const dir of [webSrc, path.join(web, 'bench')]) {
      for (const [file, specs] of importSpecifiers(dir)) {
        for (const spec of specs) {
          const target = spec.startsWith('.') ? path.resolve(dir, path.dirname(file), spec) : '';
          if (target.startsWith(coreRoot)) offending.push(`${path.relative(web, path.join(dir, file))} → ${spec}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});

function upwardArrows(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([from, targets]) => {
    const level = layerOf.get(from);
    if (level === undefined) return [];
    return targets.filter((to) => (layerOf.get(to) ?? -1) > level).map((to) => `${from} → ${to}`);
  });
}
