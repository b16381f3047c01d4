import type { FileFacts } from './protocol.js';
import type { FactsStore } from './vault-scanner.js';

/**
 * Facts kept in memory, with no search index: what the service falls back to when the index worker
 * cannot run (the vault is still listed, sized and stamped; search says it is unavailable).
 */
export class MemoryStore implements FactsStore {
  protected readonly known = new Map<string, FileFacts>();

  transaction<T>(fn: () => T): T {
    return fn();
  }

  facts(rel: string): FileFacts | undefined {
    return this.known.get(rel);
  }

  putFacts(facts: FileFacts): void {
    this.known.set(facts.path, facts);
  }

  index(_rel: string, _title: string, _text: string): boolean {
    return false;
  }

  remove(rel: string): string[] {
    const dropped = this.known.has(rel) ? [rel] : [];
    this.known.delete(rel);
    for (const path of this.pathsUnder(`${rel}/`)) {
      this.known.delete(path);
      dropped.push(path);
    }
    return dropped;
  }

  pathsUnder(prefix: string): string[] {
    return [...this.known.keys()].filter((p) => p.startsWith(prefix));
  }
}
