import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startHistoryApp, type HistoryApp } from '../history/history-fixture.js';

// What an update carries besides its text: a text file sent along is kept in the update's folder
// as sent, and its name and its capture are in the update's record. A forget reaches them too.
const SECRET = 'qvxattached77k2';

function multipart(fields: Record<string, string>, files: Array<{ name: string; data: Buffer }>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----forget-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const { name, data } of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const gone = (err: NodeJS.ErrnoException) => err.code === 'ENOENT';

/**
 * Every file below `dir` whose name or bytes hold `needle`, relative to `dir`. The state dir is
 * live (an update's journal and the history's pending files come and go): what went while it
 * was walked holds nothing any more.
 */
async function holding(dir: string, needle: string, root = dir): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => (gone(err) ? [] : Promise.reject(err)));
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    if (abs.includes(needle)) found.push(path.relative(root, abs));
    else if (entry.isDirectory()) found.push(...(await holding(abs, needle, root)));
    else if (entry.isFile() && (await readFile(abs).catch((err: NodeJS.ErrnoException) => (gone(err) ? Buffer.alloc(0) : Promise.reject(err)))).includes(needle)) found.push(path.relative(root, abs));
  }
  return found.sort();
}

describe('knower forget reaches what an update carried', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('takes a text out of a text file sent with an update, its name and its capture, in the state dir as in the vault', async () => {
    h = await startHistoryApp();
    h.model.push(turn(toolUse('write', { path: 'bucket/wifi.md', content: `# Wifi\n\nSee the attached list.\n` })), turn(text('Filed the wifi note.')));
    const body = multipart({ text: 'The wifi passwords, attached' }, [{ name: `wifi-${SECRET}.txt`, data: Buffer.from(`guest: ${SECRET}\n`) }]);
    const sent = await h.app.inject({ method: 'POST', url: '/update', ...body });
    expect(sent.statusCode, sent.body).toBe(202);
    const id = (sent.json() as { id: string }).id;
    await waitFor(() => ['done', 'inbox', 'failed'].includes(h.knower.queue.get(id)?.status ?? ''), 20_000, `update ${id}`);
    expect(h.knower.queue.get(id)?.status).toBe('done');
    await h.settle();
    const kept = (await holding(h.stateDir, SECRET)).filter((f) => f.startsWith(`updates${path.sep}${id}`));
    // The file as sent, and the record naming it.
    expect(kept.length).toBeGreaterThanOrEqual(2);

    const done = await h.post<{ status: string; records: { updates: string[]; files: string[] } }>('/forget', { text: SECRET, dry_run: false });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('forgotten');
    expect(done.body.records.updates).toContain(id);
    expect(done.body.records.files.some((f) => f.startsWith(`updates/${id}/`))).toBe(true);
    expect((await holding(h.stateDir, SECRET)).filter((f) => !f.startsWith(`forget-backup${path.sep}`) && !f.startsWith(`history${path.sep}`))).toEqual([]);
    expect(await holding(h.vault, SECRET)).toEqual([]);

    await h.post('/forget/confirm');
    expect(await holding(h.stateDir, SECRET)).toEqual([]);
  });
});
