import { Readable } from 'node:stream';
import type { IndexEntry } from '../vault/index.js';

/** Entries serialized per chunk: the listing leaves as a stream of ~64 kB pieces, never as one string. */
const PER_CHUNK = 500;

/**
 * `{"files":[…]}`, byte for byte what serializing the whole list at once gives, produced a
 * chunk at a time as the client reads it. At 100k files the whole body is ~12 MB of text (twice
 * that as a JS string with any non-Latin name); built at once for each request it made the
 * service's memory climb with every listing.
 */
export function flatTreeStream(entries: readonly IndexEntry[]): Readable {
  function* chunks(): Generator<string> {
    yield '{"files":[';
    for (let i = 0; i < entries.length; i += PER_CHUNK) {
      const part = entries.slice(i, i + PER_CHUNK).map((e) => JSON.stringify(e));
      yield `${i ? ',' : ''}${part.join(',')}`;
    }
    yield ']}';
  }
  return Readable.from(chunks(), { objectMode: false });
}
