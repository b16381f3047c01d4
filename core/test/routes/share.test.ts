import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareText } from '../../src/routes/share-body.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function form(fields: Record<string, string>, images: Array<{ name: string; data: Buffer }> = []): { payload: Buffer; boundary: string } {
  const boundary = '----knower-share-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const { name, data } of images) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), boundary };
}

describe('POST /share (the web app share target)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
  });
  afterAll(() => t?.close());

  const post = (body: { payload: Buffer; boundary: string }, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/share',
      payload: body.payload,
      headers: { host: '127.0.0.1:8000', 'content-type': `multipart/form-data; boundary=${body.boundary}`, ...headers },
    });

  it('turns a shared link and image into an update (the link to capture, the words beside it) and sends the browser back to the app', async () => {
    const res = await post(form({ title: 'Raised beds', text: 'Worth reading', url: 'https://example.org/beds' }, [{ name: 'bed.png', data: PNG }]), {
      origin: 'http://127.0.0.1:8000',
      'sec-fetch-site': 'same-origin',
      accept: 'text/html,application/xhtml+xml',
    });
    expect(res.statusCode).toBe(303);
    const id = /[?&]shared=([^&#]+)/.exec(res.headers.location as string)?.[1];
    expect(res.headers.location).toMatch(/#\/activity$/);
    const record = t.knower.queue.get(decodeURIComponent(id!));
    expect(record?.text).toBe('Raised beds\n\nWorth reading');
    expect(record?.url).toBe('https://example.org/beds');
    expect(record?.attachments.map((i) => i.mediaType)).toEqual(['image/png']);
  });

  it('finds a shared link in the text when the sharing app put it there', async () => {
    const res = await post(form({ title: 'Raised beds', text: 'Worth reading https://example.org/beds?x=1' }), { origin: 'http://127.0.0.1:8000', accept: 'application/json' });
    expect(res.statusCode).toBe(202);
    const record = t.knower.queue.get(res.json().id);
    expect(record?.url).toBe('https://example.org/beds?x=1');
    expect(record?.text).toBe('Raised beds\n\nWorth reading');
  });

  it("takes a launch from the phone's share sheet: a navigation nobody's page started (Sec-Fetch-Site none, Origin null)", async () => {
    // What Chromium sends when the share sheet opens the installed app (is_renderer_initiated false).
    const launch = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html,application/xhtml+xml' };
    for (const origin of [{ origin: 'null' }, {}] as Array<Record<string, string>>) {
      const res = await post(form({ text: 'shared from the phone' }), { ...launch, ...origin });
      expect(res.statusCode, JSON.stringify(origin)).toBe(303);
      const id = /[?&]shared=([^&#]+)/.exec(res.headers.location as string)?.[1];
      expect(t.knower.queue.get(decodeURIComponent(id!))?.text).toBe('shared from the phone');
    }
  });

  it('answers JSON to a fetch', async () => {
    const res = await post(form({ text: 'A note from the share sheet' }), { origin: 'http://127.0.0.1:8000', accept: 'application/json' });
    expect(res.statusCode).toBe(202);
    expect(t.knower.queue.get(res.json().id)?.text).toBe('A note from the share sheet');
  });

  it('applies the update checks: empty shares are refused, any file is kept as what its bytes are, a page gets the reason back', async () => {
    const empty = await post(form({ title: '', text: '' }), { accept: 'application/json' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('empty_update');
    const notImage = await post(form({ text: 'x' }, [{ name: 'doc.png', data: Buffer.from('%PDF-1.4 a document') }]), { accept: 'application/json' });
    expect(notImage.statusCode).toBe(202);
    expect(t.knower.queue.get(notImage.json().id)?.attachments.map((a) => a.kind)).toEqual(['pdf']);
    const page = await post(form({ text: 'x', extra: 'y' }), { accept: 'text/html' });
    expect(page.statusCode).toBe(303);
    // A code the app turns into its own words, never a sentence it would show as it came.
    expect(page.headers.location).toBe('/?share_error=unknown_field#/activity');
    const tooLong = await post(form({ text: 'x'.repeat(100_001) }), { accept: 'text/html' });
    expect(tooLong.headers.location).toBe('/?share_error=text_too_large#/activity');
  });

  it('refuses shares posted by another site or an opaque origin (the security hook applies)', async () => {
    const before = t.knower.queue.recent().length;
    const evil = await post(form({ text: 'planted' }), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toBe('cross_origin');
    const opaque = await post(form({ text: 'planted' }), { origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(opaque.statusCode).toBe(403);
    // A form on another site, submitted as a top-level navigation (what a page can do at most).
    const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' };
    for (const site of ['cross-site', 'same-site']) {
      const res = await post(form({ text: 'planted' }), { ...navigation, origin: 'http://localhost:5173', 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
    }
    // "none" only counts for a top-level navigation; an older browser without fetch metadata falls back on Origin.
    expect((await post(form({ text: 'planted' }), { origin: 'null', 'sec-fetch-site': 'none', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' })).statusCode).toBe(403);
    expect((await post(form({ text: 'planted' }), { origin: 'null' })).statusCode).toBe(403);
    expect((await post(form({ text: 'planted' }), { origin: 'https://evil.example', referer: 'https://evil.example/' })).statusCode).toBe(403);
    expect(t.knower.queue.recent().length).toBe(before);
  });

  it('joins title, text and link, leaving out parts already contained', () => {
    expect(shareText({ title: 'Beds', text: 'Beds https://x.org', url: 'https://x.org' })).toBe('Beds https://x.org');
    expect(shareText({ text: 'just text' })).toBe('just text');
  });
});
