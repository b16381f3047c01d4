import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_KINDS, attachmentKinds, UPDATE_LIMITS } from '../src/lib/api';
import { admitFiles, declaredKind, declaredLimit, limitsInWords } from '../src/lib/attachments';

// The composer's pre-check of what a person attaches (the hook's rule): by what a file declares,
// against the one table of kinds and limits the service applies to the bytes.

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('declaredKind', () => {
  it('takes the kind from the declared type, then from the extension', () => {
    expect(declaredKind(file('photo.jpg', 'image/jpeg'))).toBe('image');
    expect(declaredKind(file('paper', 'application/pdf'))).toBe('pdf');
    expect(declaredKind(file('voice.webm', 'audio/webm;codecs=opus'))).toBe('audio');
    expect(declaredKind(file('memo.m4a', 'audio/x-m4a'))).toBe('audio');
    expect(declaredKind(file('data.csv', ''))).toBe('text');
    expect(declaredKind(file('Paper.PDF', 'application/octet-stream'))).toBe('pdf');
    expect(declaredKind(file('backup.zip', 'application/zip'))).toBe('file');
    expect(declaredKind(file('report.docx', ''))).toBe('file');
  });
});

describe('admitFiles', () => {
  it('takes files of every kind, each with its declared kind', () => {
    const files = [file('a.png', 'image/png'), file('b.pdf', 'application/pdf'), file('c.ogg', 'audio/ogg'), file('d.zip', 'application/zip'), file('e.md', 'text/markdown')];
    const { accepted, notice } = admitFiles(0, files);
    expect(accepted.map((a) => [a.file.name, a.kind])).toEqual([
      ['a.png', 'image'],
      ['b.pdf', 'pdf'],
      ['c.ogg', 'audio'],
      ['d.zip', 'file'],
      ['e.md', 'text'],
    ]);
    expect(notice).toBeNull();
  });

  it('holds each declared kind to its own limit, and a plain file to the largest (its bytes may say it is audio)', () => {
    const image = file('big.png', 'image/png', ATTACHMENT_KINDS.image.maxBytes + 1);
    const pdf = file('ok.pdf', 'application/pdf', 40 * MB);
    const blob = file('unknown.bin', 'application/octet-stream', 90 * MB);
    const huge = file('huge.bin', '', UPDATE_LIMITS.attachmentBytes + 1);
    const { accepted, notice } = admitFiles(0, [image, pdf, blob, huge]);
    expect(accepted.map((a) => a.file.name)).toEqual(['ok.pdf', 'unknown.bin']);
    expect(notice).toBe('big.png is larger than 10 MB, the limit for an image. huge.bin is larger than 100 MB, the limit for any file.');
  });

  it(`keeps to ${UPDATE_LIMITS.attachments} files per message, counting those already attached`, () => {
    const five = Array.from({ length: 5 }, (_, i) => file(`f${i}.txt`, 'text/plain'));
    const { accepted, notice } = admitFiles(UPDATE_LIMITS.attachments - 3, five);
    expect(accepted).toHaveLength(3);
    expect(notice).toBe('At most 8 files per message: 2 were left out.');
  });

  it('says each kind of limit in words from the table', () => {
    expect(declaredLimit('audio')).toEqual({ bytes: ATTACHMENT_KINDS.audio.maxBytes, what: 'an audio file' });
    expect(limitsInWords()).toBe('10 MB for an image, 50 MB for a PDF, 100 MB for an audio file, 10 MB for a text file, 50 MB for any other file');
  });
});

describe('the share target', () => {
  const manifest = JSON.parse(readFileSync(new URL('../public/manifest.webmanifest', import.meta.url), 'utf8')) as {
    share_target: { params: { files: Array<{ name: string; accept: string[] }> } };
  };

  it('accepts every type of the table and any other file, in the field the service reads', () => {
    const [files] = manifest.share_target.params.files;
    expect(files?.name).toBe('files');
    const types = attachmentKinds.flatMap((kind) => Object.keys(ATTACHMENT_KINDS[kind].types)).filter((type) => type !== 'application/octet-stream');
    expect(files?.accept).toEqual(expect.arrayContaining([...types, '*/*']));
  });
});
