import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExtractor } from '../../src/capture/index.js';
import type { Extractor } from '../../src/capture/index.js';
import { openWriter, type IndexWriter } from '../../src/search/worker/index-writer.js';
import type { PdfReader } from '../../src/search/worker/pdf-indexer.js';
import type { OpenArgs } from '../../src/search/worker/protocol.js';
import { textPdf } from '../helpers/pdf-bytes.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** The real extractor, each PDF it is given counted by the first line of its text. */
function countingReader(extractor: Extractor, read: string[]): PdfReader {
  return async (bytes) => {
    const got = await extractor.pdf(bytes);
    read.push(got.ok ? (got.value.pages[0] ?? '') : got.code);
    return got;
  };
}

describe('the index lane reading PDFs', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let args: OpenArgs;
  let extractor: Extractor;
  const writers: IndexWriter[] = [];

  beforeEach(async () => {
    temp = await makeTempDir('knower-pdfs-');
    args = { role: 'index', dbPath: path.join(temp.dir, 'index.sqlite'), root: path.join(temp.dir, 'vault') };
    extractor = createExtractor();
  });
  afterEach(async () => {
    for (const writer of writers.splice(0)) writer.close();
    await extractor.close();
    await temp.cleanup();
  });

  const put = async (rel: string, pages: string[]) => {
    const abs = path.join(args.root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, await textPdf(pages));
  };

  /** A pass over the vault by a lane opened afresh (a restart), its PDFs read. */
  async function passAfterRestart(reader: PdfReader): Promise<IndexWriter> {
    writers.splice(0).forEach((w) => w.close());
    const { writer } = openWriter(args, reader);
    writers.push(writer);
    await writer.scanner.scan(
      () => undefined,
      () => Promise.resolve(),
    );
    await writer.pdfs.settled();
    return writer;
  }

  it('never reads an unchanged PDF again, across restarts and passes; a changed one once', { timeout: 60_000 }, async () => {
    await put('papers/a.pdf', ['alpha page']);
    await put('papers/b.pdf', ['beta page']);
    await put('inbox/1/c.pdf', ['gamma page']);
    await put('.hidden/d.pdf', ['delta page']);
    const read: string[] = [];
    const reader = countingReader(extractor, read);

    let writer = await passAfterRestart(reader);
    expect(read.sort()).toEqual(['alpha page', 'beta page']);
    expect(writer.pdfs.counts()).toEqual({ indexed: 2, waiting: 0, setAside: 0 });

    writer = await passAfterRestart(reader);
    writer.scanner.sync(['papers']);
    await writer.pdfs.settled();
    expect(read).toHaveLength(2);

    await put('papers/b.pdf', ['beta again, longer']);
    writer = await passAfterRestart(reader);
    expect(read.slice(2)).toEqual(['beta again, longer']);
    expect(writer.pdfs.counts()).toEqual({ indexed: 2, waiting: 0, setAside: 0 });
  });

  it('sets aside a PDF the reader dies on, names why, and does not read it again until it changes', { timeout: 60_000 }, async () => {
    await put('papers/poison.pdf', ['poison']);
    await put('papers/fine.pdf', ['fine']);
    const read: string[] = [];
    const real = countingReader(extractor, read);
    // The reader's thread dying on one PDF, as extractor.ts reports it when a thread runs out of memory.
    const dying: PdfReader = async (bytes) => {
      const got = await real(bytes);
      if (got.ok && got.value.pages[0] === 'poison') return { ok: false, code: 'too_large', message: 'the reader stopped: out of memory', stopped: true };
      return got;
    };
    let writer = await passAfterRestart(dying);
    expect(writer.pdfs.counts()).toEqual({ indexed: 1, waiting: 0, setAside: 1 });
    expect(writer.setAside.all()).toEqual([expect.objectContaining({ path: 'papers/poison.pdf', reason: 'the PDF reader stopped while reading it (the reader stopped: out of memory)' })]);

    writer = await passAfterRestart(dying);
    const result = writer.scanner.sync(['papers/poison.pdf']);
    expect(result.upserts).toEqual([expect.objectContaining({ path: 'papers/poison.pdf', kind: 'file', setAside: expect.stringMatching(/^the PDF reader stopped/) })]);
    await writer.pdfs.settled();
    expect(read.filter((r) => r === 'poison')).toHaveLength(1);

    await put('papers/poison.pdf', ['poison no more']);
    writer = await passAfterRestart(dying);
    expect(writer.pdfs.counts()).toEqual({ indexed: 2, waiting: 0, setAside: 0 });
  });
});
