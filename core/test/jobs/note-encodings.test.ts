import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseNote } from '../../src/vault/index.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const BOM = '\uFEFF';
const blocks = (text: string) => text.split(/\r?\n/).filter((line) => line === '---' || line === `${BOM}---`).length / 2;

describe('notes saved on Windows', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  /** Saves `text` by hand and waits until the job has stamped it. */
  async function stamped(rel: string, text: string): Promise<string> {
    await writeFile(path.join(t.vault, rel), text);
    return waitFor(
      async () => {
        await t.knower.whenSettled();
        const now = await readFile(path.join(t.vault, rel), 'utf8');
        const parsed = parseNote(now);
        return parsed.ok && parsed.data.tokens !== undefined && parsed.data.created instanceof Date && now;
      },
      10_000,
      `${rel} stamped`,
    );
  }

  it('stamps a note that starts with a byte-order mark with one frontmatter block, the mark still first', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const withBlock = await stamped('bucket/bom-fm.md', `${BOM}---\ntitle: Mine\n---\n# Windows note\n`);
    expect(blocks(withBlock)).toBe(1);
    expect(withBlock.startsWith(`${BOM}---\ntitle: Mine\n`)).toBe(true);
    expect(withBlock.endsWith('---\n# Windows note\n')).toBe(true);
    const plain = await stamped('bucket/bom.md', `${BOM}# Plain Windows note\n`);
    expect(blocks(plain)).toBe(1);
    expect(plain.startsWith(`${BOM}---\n`)).toBe(true);
    const parsed = parseNote(plain);
    expect(parsed.ok && parsed.data.tokens).toBe(Math.ceil('# Plain Windows note\n'.length / 4));
    // Stamped once: the scanner and the job count the same tokens, so nothing moves again.
    const writes = t.knower.job.stats().writes;
    await t.knower.whenSettled();
    expect(t.knower.job.stats().writes).toBe(writes);
    expect(t.knower.index.get('bucket/bom.md')?.tokens).toBe(Math.ceil('# Plain Windows note\n'.length / 4));
  });

  it('keeps CRLF line endings in everything it adds', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const crlf = await stamped('bucket/crlf.md', '# CRLF note\r\n\r\nLine two.\r\n');
    expect(blocks(crlf)).toBe(1);
    expect(crlf.replace(/\r\n/g, '')).not.toContain('\n');
    expect(crlf.endsWith('---\r\n# CRLF note\r\n\r\nLine two.\r\n')).toBe(true);
    const withBlock = await stamped('bucket/crlf-fm.md', '---\r\ntags: [x]\r\n---\r\nBody\r\n');
    expect(blocks(withBlock)).toBe(1);
    expect(withBlock.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
