import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNote } from '../../src/vault/index.js';
import { articlePage, startFixtureSite, type FixtureSite } from '../fakes/fixture-site.js';
import { startFakeTranscriber, type FakeTranscriber } from '../fakes/fake-transcriber.js';
import { encryptedPdf, textPdf } from '../helpers/pdf-bytes.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

const HOST = { host: '127.0.0.1:8000' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** The first bytes of an Ogg file: what a voice memo app records. */
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 7)]);
const ZIP = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 3)]);

function multipart(fields: Record<string, string>, files: Array<{ name: string; data: Buffer }>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----capture-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const { name, data } of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...HOST, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function send(t: TestApp, body: { payload: Buffer | string; headers: Record<string, string> }) {
  const res = await t.app.inject({ method: 'POST', url: '/update', ...body });
  expect(res.statusCode, res.body).toBe(202);
  return updateEnded(t, res.json().id as string, 60_000);
}

const json = (body: object) => ({ payload: JSON.stringify(body), headers: { ...HOST, 'content-type': 'application/json' } });

/** The paths a word finds through GET /vault/search, once the index has the change. */
async function found(t: TestApp, word: string, expected: string): Promise<string[]> {
  return waitFor(
    async () => {
      const hits = (await t.app.inject({ method: 'GET', url: `/vault/search?q=${encodeURIComponent(word)}`, headers: HOST })).json().results as Array<{ path: string }>;
      const paths = hits.map((h) => h.path);
      return paths.includes(expected) ? paths : undefined;
    },
    30_000,
    `"${word}" to find ${expected}`,
  );
}

const note = async (t: TestApp, rel: string) => parseNote(await readFile(path.join(t.vault, rel), 'utf8'));
const exists = (t: TestApp, rel: string) =>
  stat(path.join(t.vault, rel)).then(
    () => true,
    () => false,
  );

describe('capture through the API (offline): links, PDFs, audio, any file', () => {
  let site: FixtureSite;
  let transcriber: FakeTranscriber;
  let t: TestApp;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/pelicans': {
        kind: 'body',
        type: 'text/html; charset=utf-8',
        body: articlePage({
          title: 'Pelicans of Lake Ohrid',
          author: 'Ana Petrova',
          site: 'Birding Weekly',
          published: '2026-03-02',
          paragraphs: ['The Dalmatian pelican returns each spring to the reed beds.', 'Observers counted 214 birds, a zanzibarite record for March.'],
        }),
      },
      '/paper.pdf': { kind: 'body', type: 'application/pdf', body: await textPdf(['A paper about the axolotlmorph effect.']) },
    });
    transcriber = await startFakeTranscriber();
    t = await startTestApp({ search: 'qmd', env: { KNOWER_FETCH_ALLOW: site.host, KNOWER_TRANSCRIBE_URL: transcriber.baseURL, KNOWER_TRANSCRIBE_TIMEOUT_S: '2' } });
    await t.knower.whenSettled();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await transcriber?.close();
  });

  it('clips a page: a note with what the page says of itself, the words the person added, the article; searchable; undoable', async () => {
    const record = await send(t, json({ url: `${site.origin}/pelicans`, text: 'For the spring birding trip' }));
    expect(record.status).toBe('done');
    const clip = record.captures?.[0];
    expect(clip).toMatchObject({ kind: 'page', source: `${site.origin}/pelicans`, title: 'Pelicans of Lake Ohrid' });
    const rel = clip?.note as string;
    expect(rel).toMatch(/^bucket\/\d{4}-\d{2}-\d{2}-pelicans-of-lake-ohrid\.md$/);
    const parsed = await note(t, rel);
    expect(parsed.ok && parsed.data).toMatchObject({ title: 'Pelicans of Lake Ohrid', author: 'Ana Petrova', site: 'Birding Weekly', published: '2026-03-02', source: `${site.origin}/pelicans` });
    expect(parsed.body).toContain('> For the spring birding trip');
    expect(parsed.body).toContain('zanzibarite record');
    await found(t, 'zanzibarite', rel);

    const undone = await t.app.inject({ method: 'POST', url: `/updates/${record.id}/undo`, headers: HOST });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await exists(t, rel)).toBe(false);
  });

  it('a link to a PDF is kept as the PDF, with its text', async () => {
    const record = await send(t, json({ url: `${site.origin}/paper.pdf` }));
    const pdf = record.captures?.find((c) => c.kind === 'pdf');
    expect(pdf).toMatchObject({ source: `${site.origin}/paper.pdf`, pages: 1 });
    expect(await exists(t, pdf?.path as string)).toBe(true);
    const filed = record.files?.find((f) => f.endsWith('.md') && f.startsWith('bucket/')) as string;
    expect((await note(t, filed)).body).toContain('axolotlmorph');
  });

  it('a 50-page PDF: the original kept, its text in the note, a word of page 37 finds it', async () => {
    const pages = Array.from({ length: 50 }, (_, i) => `Chapter ${i + 1}\n${i === 36 ? 'The quillwort survey ends here.' : `ordinary text ${i}`}`);
    const record = await send(t, multipart({ text: 'Field manual for the survey' }, [{ name: 'Field manual.pdf', data: await textPdf(pages) }]));
    const pdf = record.captures?.[0];
    expect(pdf).toMatchObject({ kind: 'pdf', source: 'Field manual.pdf', pages: 50 });
    expect(await readFile(path.join(t.vault, pdf?.path as string))).toEqual(await readFile(path.join(t.stateDir, 'updates', record.id, record.attachments[0]?.file ?? '')));
    const filed = record.files?.find((f) => f.endsWith('.md') && f.startsWith('bucket/')) as string;
    const body = (await note(t, filed)).body;
    expect(body).toContain('### Page 37');
    expect(body).toContain(`![[${path.basename(pdf?.path as string)}]]`);
    await found(t, 'quillwort', filed);
  });

  it('audio with a transcriber: the transcript in the note, searchable; the audio kept', async () => {
    transcriber.mode = { kind: 'text', text: 'Remember the marmalade recipe needs bergamot.' };
    const record = await send(t, multipart({}, [{ name: 'voice memo.ogg', data: OGG }]));
    const audio = record.captures?.[0];
    expect(audio).toMatchObject({ kind: 'audio', chars: 'Remember the marmalade recipe needs bergamot.'.length });
    expect(audio?.awaiting).toBeUndefined();
    expect(transcriber.requests.at(-1)?.bytes.equals(OGG)).toBe(true);
    const filed = audio?.note as string;
    expect((await note(t, filed)).body).toContain('bergamot');
    await found(t, 'bergamot', filed);
  });

  it('a transcriber that hangs: the audio is kept and waits, and the update says why', async () => {
    transcriber.mode = { kind: 'hang' };
    const record = await send(t, multipart({ text: 'memo from the car' }, [{ name: 'car.ogg', data: OGG }]));
    expect(record.status).toBe('done');
    expect(record.captures?.[0]).toMatchObject({ kind: 'audio', awaiting: 'transcriber', problem: expect.stringContaining('no answer within 2 s') });
    expect(await exists(t, record.captures?.[0]?.path as string)).toBe(true);
    transcriber.mode = undefined;
  });

  it('any other file is kept and linked; a file whose extension lies is what its bytes are', async () => {
    const record = await send(
      t,
      multipart({ text: 'the archive and a scan' }, [
        { name: 'backup.zip', data: ZIP },
        { name: 'scan.pdf', data: PNG },
      ]),
    );
    expect(record.attachments.map((a) => [a.name, a.kind])).toEqual([
      ['backup.zip', 'file'],
      ['scan.pdf', 'image'],
    ]);
    const zip = record.captures?.find((c) => c.source === 'backup.zip')?.path as string;
    expect(zip).toMatch(/\.zip$/);
    expect(await exists(t, zip)).toBe(true);
    const filed = record.files?.find((f) => f.endsWith('.md') && f.startsWith('bucket/')) as string;
    expect((await note(t, filed)).body).toContain(`](${encodeURI(path.basename(zip))})`);
    expect(record.captures?.find((c) => c.source === 'scan.pdf')?.path).toMatch(/\.png$/);
  });

  it('an encrypted PDF is kept and the update says it cannot be read', async () => {
    const record = await send(t, multipart({}, [{ name: 'locked.pdf', data: encryptedPdf() }]));
    expect(record.status).toBe('done');
    expect(record.captures?.[0]).toMatchObject({ kind: 'pdf', problem: expect.stringContaining('encrypted') });
    expect(await exists(t, record.captures?.[0]?.path as string)).toBe(true);
  });

  it('a link that cannot be captured still files the link and the words, and says why', async () => {
    // Not in KNOWER_FETCH_ALLOW: another local port is a private address like any other.
    const record = await send(t, json({ url: 'http://127.0.0.1:9/admin', text: 'router admin page' }));
    expect(record.status).toBe('done');
    expect(record.captures?.[0]).toMatchObject({ kind: 'page', problem: expect.stringContaining('private or local address') });
    const filed = record.files?.find((f) => f.endsWith('.md') && f.startsWith('bucket/')) as string;
    const body = (await note(t, filed)).body;
    expect(body).toContain('router admin page');
    expect(body).toContain('<http://127.0.0.1:9/admin>');
    const missing = await send(t, json({ url: `${site.origin}/nothing-here` }));
    expect(missing.captures?.[0]?.problem).toContain('404');
  });

  it('Retry of an update whose link could not be captured undoes what it filed and clips the page in its place', async () => {
    site.route('/later', { kind: 'body', type: 'text/html', body: 'down for maintenance', status: 503 });
    const first = await send(t, json({ url: `${site.origin}/later`, text: 'read this weekend' }));
    expect(first.captures?.[0]?.problem).toContain('503');
    const fallback = first.files?.find((f) => f.endsWith('.md') && f.startsWith('bucket/')) as string;
    expect(await exists(t, fallback)).toBe(true);

    site.route('/later', { kind: 'body', type: 'text/html', body: articlePage({ title: 'Weekend reading', paragraphs: ['The quokka smiles because of its jaw, a nephrite of a fact.'] }) });
    const retried = await t.app.inject({ method: 'POST', url: `/updates/${first.id}/retry`, headers: HOST });
    expect(retried.statusCode, retried.body).toBe(202);
    const second = await updateEnded(t, retried.json().id as string, 60_000);
    expect(second).toMatchObject({ status: 'done', retry_of: first.id, url: `${site.origin}/later` });
    expect(await exists(t, fallback)).toBe(false);
    await found(t, 'nephrite', second.captures?.[0]?.note as string);
    // A clipped update has nothing left to retry.
    expect((await t.app.inject({ method: 'POST', url: `/updates/${second.id}/retry`, headers: HOST })).statusCode).toBe(409);
  });

  it('refuses what is no link at all before accepting anything', async () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://x.example/']) {
      const res = await t.app.inject({ method: 'POST', url: '/update', ...json({ url }) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/http/);
    }
    const form = await t.app.inject({ method: 'POST', url: '/update', ...multipart({ url: 'file:///etc/passwd' }, []) });
    expect(form.statusCode).toBe(400);
    expect(form.json().error).toBe('invalid_url');
  });
});

describe('audio that waits for a transcriber', () => {
  let transcriber: FakeTranscriber;
  let t: TestApp | undefined;
  beforeAll(async () => {
    transcriber = await startFakeTranscriber();
  });
  afterAll(async () => {
    await t?.close();
    await transcriber?.close();
  });

  it('is filed with a note saying it waits; once a transcriber is set up, knower transcribe puts the transcript in that note', async () => {
    t = await startTestApp({ search: 'qmd' });
    const record = await send(t, multipart({ text: 'idea for the garden' }, [{ name: 'garden.ogg', data: OGG }]));
    const audio = record.captures?.[0];
    expect(audio).toMatchObject({ kind: 'audio', awaiting: 'transcriber' });
    const waitingNote = audio?.note as string;
    expect((await note(t, waitingNote)).body).toContain('Awaiting transcription of');
    const status = (await t.app.inject({ method: 'GET', url: '/transcribe', headers: HOST })).json();
    expect(status).toEqual({ configured: false, waiting: [{ audio: audio?.path, note: waitingNote, of: record.id, present: true }] });
    const refused = await t.app.inject({ method: 'POST', url: '/transcribe', headers: HOST });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('no_transcriber');

    // The same vault and state, restarted with a transcriber.
    const dirs = { vault: t.vault, stateDir: t.stateDir, base: t.base };
    await t.app.close();
    transcriber.mode = { kind: 'text', text: 'Plant the sorrel by the north fence.' };
    t = await startTestApp({ search: 'qmd', dirs, env: { KNOWER_TRANSCRIBE_URL: transcriber.baseURL } });
    await t.knower.whenSettled();
    const queued = await t.app.inject({ method: 'POST', url: '/transcribe', headers: { ...HOST, 'content-type': 'application/json' }, payload: '{}' });
    expect(queued.statusCode, queued.body).toBe(202);
    const [run] = queued.json().queued as Array<{ id: string; audio: string }>;
    expect(run?.audio).toBe(audio?.path);
    const ran = await updateEnded(t, run?.id as string, 60_000);
    expect(ran.status).toBe('done');
    const filled = await note(t, waitingNote);
    expect(filled.body).toContain('Plant the sorrel by the north fence.');
    expect(filled.body).not.toContain('Awaiting transcription');
    expect(filled.ok && filled.data.transcript).toBe('done');
    await found(t, 'sorrel', waitingNote);
    expect((await t.app.inject({ method: 'GET', url: '/transcribe', headers: HOST })).json().waiting).toEqual([]);
  }, 180_000);
});
