import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, moduleGraph } from './import-graph.js';

const coreSrc = fileURLToPath(new URL('../../src', import.meta.url));
const webSrc = fileURLToPath(new URL('../../../apps/web/src', import.meta.url));

describe('the import graph', () => {
  it('finds a cycle when there is one, and none in a chain', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a → b → c → a']);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('has no cycle between core files, nor between core modules', () => {
    const files = importGraph(coreSrc);
    expect(files.size).toBeGreaterThan(100);
    expect(cycles(files)).toEqual([]);
    expect(cycles(moduleGraph(files))).toEqual([]);
  });

  it('keeps the API contract, the vault and config at the bottom', () => {
    const modules = moduleGraph(importGraph(coreSrc));
    // The contract is zod schemas alone: the web app bundles it.
    expect(modules.get('api')).toEqual([]);
    expect(modules.get('vault')).toEqual([]);
    expect(modules.get('config')).toEqual([]);
    // The CLI talks to the service over HTTP: it shares the contract and configuration, not the service's code.
    expect(modules.get('cli')).toEqual(['api', 'config']);
  });

  it('has no cycle in the web app', () => {
    const files = importGraph(webSrc);
    expect(files.size).toBeGreaterThan(30);
    expect(cycles(files)).toEqual([]);
  });
});
